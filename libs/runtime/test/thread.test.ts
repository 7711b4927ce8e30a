/**
 * Unit test of the link between all-in-one's two threads (libs/runtime/src/thread.ts), over a real
 * MessageChannel: calls, errors, deadlines and the caller's context. The e2e suites run every API
 * through it against real services (all-in-one starts two threads by default).
 */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from '@jest/globals';
import { AppError, currentContext, isAppError, notFound, runWithContext } from '../../kit/src';
import { CallMeta, contracts, Handlers } from '../../contracts/src';
import { linkClient, serveOverLink, ThreadLink } from '../src/thread';

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

function linked(handlers: Partial<Handlers<'contacts'>>, deadlineMs = 1000) {
  const channel = new MessageChannel();
  channels.push(channel);
  const server = new ThreadLink(channel.port1);
  const caller = new ThreadLink(channel.port2);
  const definition = contracts.contacts.definition();
  serveOverLink(server, 'contacts', definition, handlers as Handlers<'contacts'>);
  return { server, caller, client: linkClient(caller, 'contacts', definition, { deadlineMs }) };
}

const contact = {
  id: '0190d6a0-0000-7000-8000-000000000001',
  email: 'a@example.com',
  subscribed: true,
  data_json: '{"plan":"pro"}',
  created_at: 'x',
  updated_at: 'y',
};

describe('ThreadLink', () => {
  it('calls a service on the other side with the protobuf message and returns its answer', async () => {
    const seen: Array<{ req: unknown; meta: CallMeta; ctx: unknown }> = [];
    const { client } = linked({
      async GetContact(req, meta) {
        seen.push({ req, meta, ctx: currentContext() });
        return { contact };
      },
    });
    const res = await runWithContext({ requestId: 'req-1', projectId: 'p-1' }, () => client.GetContact({ id: contact.id }));
    expect(res.contact).toMatchObject({ id: contact.id, email: 'a@example.com', subscribed: true, data_json: '{"plan":"pro"}' });
    expect(seen[0].req).toEqual({ id: contact.id });
    // The caller's request and project id travel with the call and are the handler's context.
    expect(seen[0].meta).toMatchObject({ requestId: 'req-1', projectId: 'p-1' });
    expect(seen[0].ctx).toMatchObject({ requestId: 'req-1', projectId: 'p-1' });
  });

  it("carries a session's user and role with the project, and not into a call made for another project", async () => {
    const seen: Array<{ meta: CallMeta; ctx: unknown }> = [];
    const { client } = linked({
      async GetContact(_req, meta) {
        seen.push({ meta, ctx: currentContext() });
        return { contact };
      },
    });
    const session = { requestId: 'req-2', projectId: 'p-a', userId: 'u-1', role: 'ADMIN' };
    await runWithContext(session, () => client.GetContact({ id: contact.id }));
    expect(seen[0].meta).toEqual(session);
    expect(seen[0].ctx).toEqual(session);
    // Work for another project (an event's, a row's) names it; the user was checked for p-a only.
    await runWithContext(session, () => client.GetContact({ id: contact.id }, { projectId: 'p-b' }));
    expect(seen[1].meta).toEqual({ requestId: 'req-2', projectId: 'p-b' });
    // The same project named explicitly keeps them.
    await runWithContext(session, () => client.GetContact({ id: contact.id }, { projectId: 'p-a' }));
    expect(seen[2].meta).toEqual(session);
    // A user route (a user, no project) names the project whose membership it checked, and the role.
    await runWithContext({ requestId: 'req-3', userId: 'u-1' }, () => client.GetContact({ id: contact.id }, { projectId: 'p-c', role: 'OWNER' }));
    expect(seen[3].meta).toEqual({ requestId: 'req-3', userId: 'u-1', projectId: 'p-c', role: 'OWNER' });
  });

  it("an AppError crosses as itself; any other failure as a 500 that does not leak the handler's message", async () => {
    const { client } = linked({
      async GetContact(req) {
        if (req.id === 'missing') throw notFound('Contact', 'CONTACT_NOT_FOUND');
        throw new Error('secret detail of a crash');
      },
    });
    const missing = await client.GetContact({ id: 'missing' }).catch((e: unknown) => e);
    expect(isAppError(missing) && missing.status === 404 && missing.code === 'CONTACT_NOT_FOUND').toBe(true);
    const crashed = (await client.GetContact({ id: 'boom' }).catch((e: unknown) => e)) as AppError;
    expect(isAppError(crashed) && crashed.status).toBe(500);
    expect(crashed.message).not.toContain('secret detail');
  });

  it('a call the other side does not answer within the deadline fails with 503; a late answer is dropped', async () => {
    let release!: () => void;
    const { client } = linked(
      {
        GetContact: () =>
          new Promise((resolve) => {
            release = () => resolve({ contact });
          }),
      },
      100,
    );
    const started = Date.now();
    const err = (await client.GetContact({ id: contact.id }).catch((e: unknown) => e)) as AppError;
    expect(isAppError(err) && err.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    release();
    await new Promise((r) => setTimeout(r, 20)); // the late reply arrives and is ignored
  });

  it('after close, waiting and later calls fail at once', async () => {
    const { caller } = linked({ GetContact: () => new Promise(() => undefined) });
    const waiting = caller.call('rpc:contacts.GetContact', { req: new Uint8Array(), meta: {} });
    caller.close(new Error('the services thread has stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(caller.call('anything')).rejects.toThrow('stopped');
  });

  it('plain topics: the handler of the other side answers, its plain errors cross with their message', async () => {
    const { server, caller } = linked({});
    server.on('sum', async (xs: number[]) => xs.reduce((a, b) => a + b, 0));
    server.on('fail', async () => {
      throw new Error('handler said no');
    });
    expect(await caller.call('sum', [1, 2, 3])).toBe(6);
    await expect(caller.call('fail')).rejects.toThrow('handler said no');
    await expect(caller.call('unknown')).rejects.toThrow(/nothing handles "unknown"/);
  });
});
