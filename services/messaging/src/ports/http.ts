import express from 'express';
import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Template__Output as TemplateMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/Template';
import { on, parse, policy, type Reply, type Route } from '../../../../libs/edge/src';
import { Batcher, fromBatchReply, isAppError, OVERLAP_AFTER_MS } from '../../../../libs/kit/src';
import { subscriptionPage } from './pages';

export const templateView = (t: TemplateMsg) => ({
  id: t.id,
  name: t.name,
  description: t.description || null,
  subject: t.subject,
  body: t.body,
  from: t.from || null,
  fromName: t.from_name || null,
  replyTo: t.reply_to || null,
  type: t.type,
  createdAt: t.created_at,
  updatedAt: t.updated_at,
});

// 1×1 transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * A send's data is stored once per recipient (its contact and its email; messaging refuses more
 * than 100 MB of that), so 100 recipients sharing a megabyte of data take seconds. Such a send gets
 * a second per 2 MB of request size × recipients, up to 2 minutes; a usual one keeps GRPC_DEADLINE_MS.
 */
function sendDeadlineMs(bytesTimesRecipients: number): number {
  return Math.min(120_000, Math.ceil(bytesTimesRecipients / 2048));
}

const recipientsOf = (body: unknown) => {
  const to = (body as { to?: unknown } | undefined)?.to;
  return Array.isArray(to) ? Math.max(1, to.length) : 1;
};

/** Request bytes × recipients one SendMany call may carry (a send over it goes alone; its deadline is then ≥ 4 s). */
const SEND_BATCH_WEIGHT = 8 * 1024 * 1024;

type SendItem = { project_id: string; request_json: string; tracking: string; request_id: string; deadlineMs: number; weight: number };
type Sent = { emails: Array<{ contact_id: string; contact_email: string; email_id: string }>; timestamp: string };

/**
 * The reply of POST /v1/send for a project; `request` is the body as JSON text, which messaging
 * validates.
 */
function sender(messaging: () => Api<'messaging'>) {
  // Sends in flight together go to messaging in one call (as tracks do), each with its own outcome.
  // A batch holds at most SEND_BATCH_WEIGHT of request bytes × recipients (what a send costs
  // messaging, and what its deadline grows with: see sendDeadlineMs), so a heavy send goes alone
  // with its long deadline and never holds up, or lends its deadline to, the usual small ones.
  const sends = new Batcher<SendItem, Sent>(
    async (items) => {
      const deadlineMs = Math.max(...items.map((i) => i.deadlineMs));
      const { results } = await messaging().SendMany({ items: items.map(({ deadlineMs: _d, weight: _w, ...item }) => item) }, { deadlineMs });
      return fromBatchReply(results, items.length);
    },
    { name: 'send', maxBatch: 100, concurrency: 2, overlapAfterMs: OVERLAP_AFTER_MS, weigh: (i) => i.weight, maxWeight: SEND_BATCH_WEIGHT },
  );
  return async (projectId: string, tracking: string, requestId: string, request: string, body: unknown): Promise<Reply> => {
    const weight = Buffer.byteLength(request) * recipientsOf(body);
    const out = await sends.submit({ project_id: projectId, request_json: request, tracking, request_id: requestId, deadlineMs: sendDeadlineMs(weight), weight });
    return {
      status: 200,
      body: { success: true, data: { emails: out.emails.map((e) => ({ contact: { id: e.contact_id, email: e.contact_email }, email: e.email_id })), timestamp: out.timestamp } },
    };
  };
}

/**
 * SPEC §4.3 and §4.5: /v1/send (Idempotency-Key, the gateway's fast lane), /v1/verify, templates
 * and the dev mailbox for a secret key or a member's session; and, for anyone, the tracking
 * pixel and link redirects, the hosted subscription pages (signed tokens) and the mail webhook
 * (SNS-signed). A bad token still gets the pixel (mail clients must not show errors).
 * The project is the guard's (the request context's), which every call carries; only a send
 * names it, as an item of the batch that carries sends of many projects.
 */
export function messagingRoutes(messaging: () => Api<'messaging'>): Route[] {
  const send = sender(messaging);
  const auth = policy.secret;

  const page = (action: 'unsubscribe' | 'subscribe' | 'manage') => async (req: express.Request, res: express.Response) => {
    const token = String(req.params.token);
    try {
      const state = await messaging().GetSubscription({ token });
      res.type('html').send(subscriptionPage(action, token, state.email, state.subscribed, false));
    } catch (err) {
      if (isAppError(err) && err.status === 404) return void res.status(404).type('html').send(subscriptionPage('invalid', token, '', false, false));
      throw err;
    }
  };
  const change = (subscribed: boolean | 'form') => async (req: express.Request, res: express.Response) => {
    const token = String(req.params.token);
    const value = subscribed === 'form' ? String(req.body?.subscribed) === 'true' : subscribed;
    try {
      const state = await messaging().SetSubscription({ token, subscribed: value });
      res.type('html').send(subscriptionPage(value ? 'subscribe' : 'unsubscribe', token, state.email, state.subscribed, true));
    } catch (err) {
      if (isAppError(err) && err.status === 404) return void res.status(404).type('html').send(subscriptionPage('invalid', token, '', false, false));
      throw err;
    }
  };

  return [
    {
      method: 'post',
      path: '/v1/send',
      auth,
      reply: (call) => send(call.projectId, call.tracking, call.requestId, call.text, call.input),
      idempotent: true,
      fast: true,
    },
    on.post('/v1/verify', auth, async (req, res) => {
      const body = parse(z.object({ email: z.string().min(1).max(320) }), req.body);
      const out = await messaging().Verify({ email: body.email });
      res.json({ success: true, data: JSON.parse(out.json) });
    }),
    on.get('/templates', auth, async (req, res) => {
      const q = req.query;
      const out = await messaging().ListTemplates({
        page: Number(q.page) || 1,
        page_size: Number(q.pageSize ?? q.limit) || 20,
        search: typeof q.search === 'string' ? q.search : '',
        type: q.type === 'TRANSACTIONAL' || q.type === 'MARKETING' ? q.type : '',
      });
      res.json({ data: out.templates.map(templateView), total: Number(out.total), page: out.page, pageSize: out.page_size, totalPages: out.total_pages });
    }),
    on.post('/templates', auth, async (req, res) => {
      const out = await messaging().CreateTemplate({ fields_json: JSON.stringify(req.body ?? {}) });
      res.status(201).json(templateView(out.template!));
    }),
    on.get('/templates/:id', auth, async (req, res) => {
      res.json(templateView((await messaging().GetTemplate({ id: String(req.params.id) })).template!));
    }),
    on.patch('/templates/:id', auth, async (req, res) => {
      const out = await messaging().UpdateTemplate({ id: String(req.params.id), fields_json: JSON.stringify(req.body ?? {}) });
      res.json(templateView(out.template!));
    }),
    on.delete('/templates/:id', auth, async (req, res) => {
      await messaging().DeleteTemplate({ id: String(req.params.id) });
      res.status(204).end();
    }),
    on.post('/templates/:id/duplicate', auth, async (req, res) => {
      const out = await messaging().DuplicateTemplate({ id: String(req.params.id) });
      res.status(201).json({ id: out.template!.id, template: templateView(out.template!) });
    }),
    on.get('/templates/:id/usage', auth, async (req, res) => {
      const out = await messaging().TemplateUsage({ id: String(req.params.id) });
      res.json({ campaigns: out.campaigns, workflowSteps: out.workflow_steps.map((w) => ({ workflowId: w.workflow_id, stepId: w.step_id, name: w.name })) });
    }),
    on.get('/dev/mailbox', auth, async (req, res) => {
      const out = await messaging().DevMailbox({ limit: Number(req.query.limit) || 50 });
      res.json(JSON.parse(out.json));
    }),

    on.get('/t/o/:token', policy.public, async (req, res) => {
      const token = String(req.params.token).replace(/\.gif$/, '');
      messaging().RecordOpen({ token }).catch(() => undefined);
      res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, max-age=0' }).send(PIXEL);
    }),
    on.get('/t/c/:token', policy.public, async (req, res) => {
      const out = await messaging().RecordClick({ token: String(req.params.token) });
      res.redirect(302, out.url);
    }),
    on.get('/unsubscribe/:token', policy.public, page('unsubscribe')),
    // RFC 8058 one-click (List-Unsubscribe-Post) and the page's button both POST here.
    on.post('/unsubscribe/:token', policy.public, change(false), { body: 'form' }),
    on.get('/subscribe/:token', policy.public, page('subscribe')),
    on.post('/subscribe/:token', policy.public, change(true), { body: 'form' }),
    on.get('/manage/:token', policy.public, page('manage')),
    on.post('/manage/:token', policy.public, change('form'), { body: 'form' }),
    on.post('/webhooks/mail', policy.public, async (req, res) => {
      const body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? {});
      const out = await messaging().HandleMailNotification({ body });
      res.json({ success: true, data: JSON.parse(out.json) });
    }, { body: 'text' }),
  ];
}
