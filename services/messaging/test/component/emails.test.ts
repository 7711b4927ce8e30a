/**
 * Component test: storing new emails against real PostgreSQL (its own database herald_c_<random>,
 * dropped afterwards) — the one statement that writes the emails, their attachments and outbox
 * events, and fails the emails to addresses the project suppressed — status moves with their
 * events, and the sweep that puts due retries and stranded emails back on their queue.
 */
import type { PoolClient } from 'pg';
import { Db, migrate, workOf } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { MessagingRepo } from '../../src/adapters/repo';
import type { NewEmail } from '../../src/app/ports';
import { statusEvent } from '../../src/app/send';
import { SCHEMA } from '../../src/migrations';
import { migrationsOf } from '../../../../libs/runtime/src';
import { messaging } from '../../src/service';
import { STATUS_RANK } from '../../src/domain/status';

let scratch: ScratchDatabase;
let db: Db;
let repo: MessagingRepo;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(messaging));
  repo = new MessagingRepo(db);
});

afterAll(async () => {
  await scratch?.drop();
});

function email(projectId: string, to: string, attachments: NewEmail['attachments'] = []): NewEmail {
  return {
    projectId,
    id: newId(),
    contactId: newId(),
    toEmail: to,
    fromEmail: 'me@sender.test',
    subject: `to ${to}`,
    body: '<p>hi</p>',
    type: 'TRANSACTIONAL',
    headers: {},
    vars: {},
    tracking: false,
    attachments,
  };
}

/** What the send path passes per email: its work item, and its failure if the address is suppressed. */
const eventsOf = (e: NewEmail) => {
  const [queued, suppressed] = repo.outbox.envelopes([
    { type: 'messaging.email.queued.v1', projectId: e.projectId, data: { emailId: e.id, lane: 'transactional' } },
    statusEvent(
      e.projectId,
      {
        id: e.id,
        contact_id: e.contactId,
        message_id: null,
        subject: e.subject,
        from_email: e.fromEmail,
        template_id: null,
        campaign_id: null,
        source_type: 'transactional',
      },
      'failed',
      { reason: 'suppressed' },
    ),
  ]);
  return { queued, suppressed };
};

describe('MessagingRepo.insertEmails', () => {
  it('queues each email with its work item, and fails the ones to addresses its project suppressed with their failure event, in order', async () => {
    const [a, b] = [newId(), newId()];
    await db.run((work) => repo.suppress(work, a, 'bounced@x.test', 'bounce'));
    // Project b suppressed nothing: a's suppression is a's alone.
    const emails = [
      email(a, 'fine@x.test'),
      email(a, 'bounced@x.test', [{ filename: 'a.txt', contentType: 'text/plain', disposition: 'attachment', content: Buffer.from('hello') }]),
      email(b, 'bounced@x.test'),
      email(a, 'also-fine@x.test'),
    ];
    const events = emails.map(eventsOf);
    await repo.insertEmails(emails, events);

    const rows = await db.query<{ id: string; status: string; status_rank: number; last_error: string | null; enqueued: boolean; attachment_count: number }>(
      `SELECT id, status, status_rank, last_error, enqueued_at IS NOT NULL AS enqueued, attachment_count FROM messaging.emails WHERE id = ANY($1::uuid[])`,
      [emails.map((e) => e.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(emails.map((e) => byId.get(e.id)!.status)).toEqual(['queued', 'failed', 'queued', 'queued']);
    expect(byId.get(emails[1].id)).toMatchObject({
      status_rank: STATUS_RANK.failed,
      last_error: expect.stringMatching(/suppressed/),
      enqueued: false,
      attachment_count: 1,
    });
    expect(byId.get(emails[0].id)).toMatchObject({ status_rank: STATUS_RANK.queued, last_error: null, enqueued: true });
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.attachments WHERE email_id = $1`, [emails[1].id]))[0].n).toBe(1);

    // One outbox event per email, in the emails' order: the work item, or the failure.
    const written = await db.query<{ id: string; type: string; project_id: string; data: any }>(
      `SELECT id, type, project_id, data FROM messaging.outbox ORDER BY seq`,
    );
    expect(written.map((o) => [o.id, o.type, o.project_id])).toEqual([
      [events[0].queued.id, 'messaging.email.queued.v1', a],
      [events[1].suppressed.id, 'messaging.email.status_changed.v1', a],
      [events[2].queued.id, 'messaging.email.queued.v1', b],
      [events[3].queued.id, 'messaging.email.queued.v1', a],
    ]);
    expect(written[1].data).toMatchObject({ emailId: emails[1].id, status: 'failed', reason: 'suppressed' });
  });
});

describe('MessagingRepo.advanceWithEvents', () => {
  it('moves the emails below the status, records the step late on one already past it, and writes the status event of each that changed (only), in the order given', async () => {
    const p = newId();
    const [a, b, ahead, done, c] = ['a', 'b', 'ahead', 'done', 'c'].map((n) => email(p, `advance-${n}@x.test`));
    await repo.insertEmails([a, b, ahead, done, c], [a, b, ahead, done, c].map(eventsOf));
    await repo.advance(workOf(db.pool), p, ahead.id, 'delivered'); // past "sent" before it was recorded: keeps its status, gets the step
    await repo.advance(workOf(db.pool), p, done.id, 'sent'); // sent already: nothing again
    const given = [c, ahead, a, done, b];
    const source = new Map(given.map((e) => [e.id, e]));
    const moved = await repo.advanceWithEvents(
      'sent',
      given.map((e) => ({ projectId: p, id: e.id, messageId: `<${e.id}@x.test>` })),
      (i) => {
        const e = source.get(i.id)!;
        return statusEvent(
          p,
          {
            id: e.id,
            contact_id: e.contactId,
            message_id: i.messageId ?? null,
            subject: e.subject,
            from_email: e.fromEmail,
            template_id: null,
            campaign_id: null,
            source_type: 'transactional',
          },
          'sent',
        );
      },
    );
    expect([...moved].sort()).toEqual([a.id, b.id, ahead.id, c.id].sort());
    const events = await db.query<{ data: any }>(
      `SELECT data FROM messaging.outbox WHERE project_id = $1 AND type = 'messaging.email.status_changed.v1' ORDER BY seq`,
      [p],
    );
    expect(events.map((e) => [e.data.emailId, e.data.status, e.data.messageId])).toEqual([c, ahead, a, b].map((e) => [e.id, 'sent', `<${e.id}@x.test>`]));
    const rows = await db.query<{ id: string; status: string; status_rank: number; sent: boolean; message_id: string | null }>(
      `SELECT id, status, status_rank, sent_at IS NOT NULL AS sent, message_id FROM messaging.emails WHERE project_id = $1`,
      [p],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const e of [a, b, c])
      expect(byId.get(e.id)).toEqual({ id: e.id, status: 'sent', status_rank: STATUS_RANK.sent, sent: true, message_id: `<${e.id}@x.test>` });
    expect(byId.get(ahead.id)).toEqual({
      id: ahead.id,
      status: 'delivered',
      status_rank: STATUS_RANK.delivered,
      sent: true,
      message_id: `<${ahead.id}@x.test>`,
    });
    expect(byId.get(done.id)).toEqual({ id: done.id, status: 'sent', status_rank: STATUS_RANK.sent, sent: true, message_id: null });
  });

  it('a step without a time of its own (failed) is never recorded below the status', async () => {
    const p = newId();
    const e = email(p, 'advance-failed@x.test');
    await repo.insertEmails([e], [eventsOf(e)]);
    await repo.advance(workOf(db.pool), p, e.id, 'sent');
    expect(await repo.advance(workOf(db.pool), p, e.id, 'failed', { error: 'late' })).toBeUndefined();
    expect((await db.query(`SELECT status, last_error FROM messaging.emails WHERE id = $1`, [e.id]))[0]).toEqual({ status: 'sent', last_error: null });
  });
});

describe('the send sweep (MessagingRepo.claimRetries, claimStranded)', () => {
  const sweep = (claim: (tx: PoolClient) => Promise<Array<{ id: string }>>) => db.tx(async (tx) => (await claim(tx)).map((e) => e.id));
  const retries = () => sweep((tx) => repo.claimRetries(tx, 500));
  const stranded = () => sweep((tx) => repo.claimStranded(tx, 500));
  const ago = (ids: string[], column: 'enqueued_at' | 'updated_at', minutes: number) =>
    db.query(`UPDATE messaging.emails SET ${column} = now() - make_interval(mins => $2) WHERE id = ANY($1::uuid[])`, [ids, minutes]);

  it('puts back a retry once it is due, a lost work item after 60 s, an interrupted send after 2 minutes; nothing else, and nothing twice', async () => {
    const p = newId();
    const [onQueue, due, later, lost, interrupted, sending] = Array.from({ length: 6 }, (_, k) => email(p, `sweep-${k}@x.test`));
    const all = [onQueue, due, later, lost, interrupted, sending];
    await repo.insertEmails(all, all.map(eventsOf));
    await repo.claim([interrupted, sending, due, later].map((e) => ({ projectId: p, id: e.id, redelivered: false })));
    await repo.retryLater(p, due.id, 0, '451 try again');
    await repo.retryLater(p, later.id, 60_000, '451 try again');
    await ago([lost.id, interrupted.id], 'enqueued_at', 3);
    await ago([interrupted.id], 'updated_at', 3);

    expect(await retries()).toEqual([due.id]);
    expect(await retries()).toEqual([]);
    expect((await stranded()).sort()).toEqual([lost.id, interrupted.id].sort());
    expect(await stranded()).toEqual([]);
    expect(await retries()).toEqual([]);
  });

  it('reads a few pages however many sent emails the table holds, with no VACUUM in between', async () => {
    // 3000 emails through every state a send passes (queued on its queue, waiting for a retry and
    // put back by the sweep, sending, sent), with timestamps old enough to fall in the ranges the
    // safety net reads.
    const p = newId();
    const emails = Array.from({ length: 3000 }, (_, k) => email(p, `bulk-${k}@x.test`));
    await repo.insertEmails(emails, emails.map(eventsOf));
    const ids = emails.map((e) => e.id);
    await db.query(`UPDATE messaging.emails SET enqueued_at = NULL WHERE id = ANY($1::uuid[])`, [ids]);
    expect(await sweep((tx) => repo.claimRetries(tx, 5000))).toHaveLength(3000);
    await ago(ids, 'enqueued_at', 10);
    await db.query(`UPDATE messaging.emails SET status = 'sending', status_rank = 1, updated_at = now() - interval '5 minutes' WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
    await db.query(`UPDATE messaging.emails SET status = 'sent', status_rank = 2 WHERE id = ANY($1::uuid[])`, [ids]);
    const tablePages = (await db.query<{ n: number }>(`SELECT (pg_relation_size('messaging.emails') / 8192)::int AS n`))[0].n;

    // The sweep's statements, run under EXPLAIN ANALYZE: pages each one touched.
    const pagesRead = async (claim: (tx: PoolClient) => Promise<unknown>) => {
      const pages: number[] = [];
      await db.tx(async (tx) => {
        const explaining = {
          query: async (sql: string, params?: unknown[]) => {
            if (!sql.trimStart().startsWith('UPDATE')) return tx.query(sql, params);
            const plan = (await tx.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)).rows[0]['QUERY PLAN'][0].Plan;
            pages.push(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']);
            return { rows: [] };
          },
        } as unknown as PoolClient;
        await claim(explaining);
      });
      return pages;
    };
    expect(tablePages).toBeGreaterThan(300);
    // A pass visits each dead entry's row once and marks the entry; later passes skip it. It can
    // mark only rows no open transaction may still see, and a transaction that holds an xid in
    // another database of the cluster counts too (a suite running beside this one; measured: one
    // left open in `postgres` made the second pass read 98 pages). So the passes repeat, for up
    // to 20 s, until one reads few pages. With bitmap scans none ever does.
    for (const [claim, statements] of [
      [(tx: PoolClient) => repo.claimRetries(tx, 500), 1],
      [(tx: PoolClient) => repo.claimStranded(tx, 500), 2],
    ] as const) {
      await pagesRead(claim);
      let again = await pagesRead(claim);
      for (let pass = 0; pass < 80 && again.some((n) => n >= 50); pass++) {
        await new Promise((r) => setTimeout(r, 250));
        again = await pagesRead(claim);
      }
      expect(again).toHaveLength(statements);
      for (const n of again) expect(n).toBeLessThan(50);
    }
  });
});
