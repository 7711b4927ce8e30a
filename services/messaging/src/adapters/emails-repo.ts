import type { PoolClient } from 'pg';
import { Db, prepared, Queryable, sqlOf, type Work } from '../../../../libs/db/src';
import { AppError, metrics, uuidFloor } from '../../../../libs/kit/src';
import type { NewEvent } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { CampaignEmail, CampaignEmailContent, EmailRow, EmailsStore, NewEmail, WorkflowEmail } from '../app/ports';
import { EmailStatus, STATUS_RANK } from '../domain/status';
import { outbox } from './outbox';

/**
 * For the rest of the sweep's transaction. An update that moves a row out of a partial index
 * leaves its old entry there until VACUUM. A bitmap scan visits the table for every such entry, at
 * every sweep: with autovacuum off, or between its runs on a large table, every email sent lately.
 * A plain index scan marks the dead entries it meets (LP_DEAD) and steps over them after, so each
 * costs one visit, once (unless a transaction older than the entry is still open, as for VACUUM).
 */
const plainIndexScans = (tx: PoolClient) => tx.query('SET LOCAL enable_bitmapscan = off');

/** An email the sweep put back on its queue. */
export type SweptEmail = { project_id: string; id: string; lane: 'transactional' | 'bulk' };

/** The columns of an `EmailRow` (no timestamps: delivery and status events need none, and pg parses each into a Date). */
const EMAIL_ROW = (
  [
    'project_id',
    'id',
    'contact_id',
    'to_email',
    'to_name',
    'from_email',
    'from_name',
    'reply_to',
    'subject',
    'body',
    'template_id',
    'campaign_id',
    'type',
    'source_type',
    'lane',
    'headers',
    'vars',
    'tracking',
    'track_opens',
    'text_body',
    'message_id',
    'status',
    'attempts',
    'attachment_count',
    'provider',
  ] satisfies Array<keyof EmailRow>
)
  .map((c) => `e.${c}`)
  .join(', ');

/** `EMAIL_ROW` with a campaign email's body, which is stored once per campaign (`campaign_contents`). */
const CLAIMED_ROW = EMAIL_ROW.replace(
  'e.body',
  `CASE WHEN e.campaign_id IS NULL THEN e.body ELSE coalesce((SELECT cc.body FROM messaging.campaign_contents cc WHERE cc.project_id = e.project_id AND cc.campaign_id = e.campaign_id), e.body) END AS body`,
);

/**
 * The UPDATE that moves emails up the status order ($1 status, $2 rank, $3–$6 per email). A step
 * with a time of its own (sent, delivered, opened, …) reached after a higher one — SMTP's
 * acceptance recorded after the recipient already opened the email, a delivery notification after
 * a click — is still recorded once: its time (and, by the caller, its event), not its status.
 */
function advanceSql(status: EmailStatus, returning: string) {
  const stamp = { sent: 'sent_at', delivered: 'delivered_at', opened: 'opened_at', clicked: 'clicked_at', bounced: 'bounced_at', complained: 'complained_at' }[
    status as string
  ];
  return `UPDATE messaging.emails e SET status = CASE WHEN e.status_rank < $2 THEN $1 ELSE e.status END, status_rank = greatest(e.status_rank, $2), updated_at = now(),
         message_id = coalesce(x.message_id, e.message_id), last_error = coalesce(x.error, e.last_error)
         ${stamp ? `, ${stamp} = coalesce(e.${stamp}, now())` : ''}
       FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[]) AS x(project_id, id, message_id, error)
       WHERE e.project_id = x.project_id AND e.id = x.id AND (e.status_rank < $2${stamp ? ` OR e.${stamp} IS NULL` : ''}) RETURNING ${returning}`;
}

const advanceParams = (status: EmailStatus, items: Array<{ projectId: string; id: string; messageId?: string; error?: string }>) => [
  status,
  STATUS_RANK[status],
  items.map((i) => i.projectId),
  items.map((i) => i.id),
  items.map((i) => i.messageId ?? null),
  items.map((i) => i.error ?? null),
];

/**
 * Counts emails stored for sending (after commit: a statement that fails counts nothing); those to
 * a suppressed address are failed as they are stored, and count as failed too.
 */
/** The statuses `herald_emails_total` counts (besides accepted and retried). */
const COUNTED = new Set<EmailStatus>(['sent', 'delivered', 'bounced', 'complained', 'failed']);

function accepted(lane: 'transactional' | 'bulk', n: number, suppressed: number) {
  if (n) metrics.emails.inc({ lane, outcome: 'accepted' }, n);
  if (suppressed) metrics.emails.inc({ lane, outcome: 'failed' }, suppressed);
}

/** Emails, their attachments, campaign contents, the dev mailbox and reputation (see EmailsStore). */
export class EmailsRepo implements EmailsStore {
  constructor(readonly db: Db) {}

  /**
   * New emails, their attachments and their domain events (outbox) in ONE statement: atomic on its
   * own, one round trip for any number of sends. Wakes the relay on commit. An email to an address
   * its project suppressed (it bounced or complained before) is stored failed with
   * `events[i].suppressed`, any other queued with `events[i].queued` (its work item).
   */
  async insertEmails(emails: NewEmail[], events: Array<{ queued: DomainEvent; suppressed: DomainEvent }>) {
    if (emails.length === 0) return;
    const atts = emails.flatMap((e) => e.attachments.map((a, idx) => ({ ...a, projectId: e.projectId, emailId: e.id, idx })));
    // Both events of each email go, keyed by its position in x: i for the work item, -i for the
    // failure; the statement writes the one its suppression check picks.
    const envelopes = events.flatMap((e) => [e.queued, e.suppressed]);
    const keys = events.flatMap((_, k) => [k + 1, -(k + 1)]);
    const [{ suppressed }] = await this.db.query<{ suppressed: number }>(
      prepared(
        `WITH x AS (
         SELECT x.*, EXISTS (SELECT 1 FROM messaging.suppressions s WHERE s.project_id = x.project_id AND s.email = x.to_email) AS suppressed
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::text[], $11::uuid[], $12::text[], $13::jsonb[], $14::jsonb[], $15::boolean[], $16::int[], $17::boolean[], $18::text[]) WITH ORDINALITY
           AS x(project_id, id, contact_id, to_email, to_name, from_email, from_name, reply_to, subject, body, template_id, type, headers, vars, tracking, n,
             track_opens, text_body, i)
       ), emails AS (
         INSERT INTO messaging.emails (project_id, id, contact_id, to_email, to_name, from_email, from_name, reply_to, subject, body,
           template_id, type, headers, vars, tracking, attachment_count, track_opens, text_body, status, status_rank, last_error, enqueued_at)
         SELECT project_id, id, contact_id, to_email, to_name, from_email, from_name, reply_to, subject, body, template_id, type, headers, vars, tracking, n,
           track_opens, text_body,
           CASE WHEN suppressed THEN 'failed' ELSE 'queued' END, CASE WHEN suppressed THEN ${STATUS_RANK.failed} ELSE ${STATUS_RANK.queued} END,
           CASE WHEN suppressed THEN 'suppressed: the address bounced or complained before' END, CASE WHEN suppressed THEN NULL ELSE now() END
         FROM x
       ), attachments AS (
         INSERT INTO messaging.attachments (project_id, email_id, idx, filename, content_type, content_id, disposition, content)
         SELECT * FROM unnest($19::uuid[], $20::uuid[], $21::int[], $22::text[], $23::text[], $24::text[], $25::text[], $26::bytea[])
       ), events AS (
         ${outbox.insertSql(27, { key: 'int', where: (key) => `${key} IN (SELECT CASE WHEN suppressed THEN -i ELSE i END FROM x)` })}
       )
       SELECT count(*) FILTER (WHERE suppressed)::int AS suppressed FROM x`,
        [
          emails.map((e) => e.projectId),
          emails.map((e) => e.id),
          emails.map((e) => e.contactId),
          emails.map((e) => e.toEmail),
          emails.map((e) => e.toName ?? null),
          emails.map((e) => e.fromEmail),
          emails.map((e) => e.fromName ?? null),
          emails.map((e) => e.replyTo ?? null),
          emails.map((e) => e.subject),
          emails.map((e) => e.body),
          emails.map((e) => e.templateId ?? null),
          emails.map((e) => e.type),
          emails.map((e) => JSON.stringify(e.headers)),
          emails.map((e) => JSON.stringify(e.vars)),
          emails.map((e) => e.tracking),
          emails.map((e) => e.attachments.length),
          emails.map((e) => e.trackOpens ?? e.tracking),
          emails.map((e) => e.textBody ?? null),
          atts.map((a) => a.projectId),
          atts.map((a) => a.emailId),
          atts.map((a) => a.idx),
          atts.map((a) => a.filename),
          atts.map((a) => a.contentType),
          atts.map((a) => a.contentId ?? null),
          atts.map((a) => a.disposition),
          atts.map((a) => a.content),
          ...outbox.params(envelopes, keys),
        ],
      ),
    );
    outbox.written(this.db.pool);
    accepted('transactional', emails.length, suppressed);
  }

  async insertCampaignEmails(
    projectId: string,
    content: CampaignEmailContent,
    emails: CampaignEmail[],
    events: Array<{ queued: DomainEvent; suppressed: DomainEvent }>,
  ) {
    const envelopes = events.flatMap((e) => [e.queued, e.suppressed]);
    const keys = events.flatMap((_, k) => [k + 1, -(k + 1)]);
    let counted: [number, number] = [0, 0];
    const result = await this.db.tx(async (tx) => {
      // The body once (the first page brings it), then the campaign's row shared-locked: a cancel
      // (which takes it for update) waits for this page, and a page after a cancel sees it.
      if (content.body) {
        await tx.query(`INSERT INTO messaging.campaign_contents (project_id, campaign_id, body) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
          projectId,
          content.campaignId,
          content.body,
        ]);
      }
      const state = await tx.query(`SELECT cancelled_at FROM messaging.campaign_contents WHERE project_id = $1 AND campaign_id = $2 FOR SHARE`, [
        projectId,
        content.campaignId,
      ]);
      if (state.rows.length === 0)
        throw new AppError({ code: 'CAMPAIGN_CONTENT_MISSING', status: 409, message: "The campaign's body was never sent: send it with the first page" });
      if (state.rows[0].cancelled_at) return { created: 0, cancelled: true };
      if (emails.length === 0) return { created: 0, cancelled: false };
      const r = await tx.query<{ created: number; suppressed: number }>(
        prepared(
          `WITH x AS (
           SELECT x.*, EXISTS (SELECT 1 FROM messaging.suppressions s WHERE s.project_id = $1 AND s.email = x.to_email) AS suppressed
           FROM unnest($9::uuid[], $10::uuid[], $11::text[], $12::jsonb[]) WITH ORDINALITY AS x(id, contact_id, to_email, vars, i)
         ), emails AS (
           INSERT INTO messaging.emails (project_id, id, contact_id, to_email, from_email, from_name, reply_to, subject, body, template_id, campaign_id,
             type, source_type, lane, vars, tracking, status, status_rank, last_error, enqueued_at)
           SELECT $1, id, contact_id, to_email, $3, $4, $5, $6, '', $7, $2, 'MARKETING', 'campaign', 'bulk', vars, $8,
             CASE WHEN suppressed THEN 'failed' ELSE 'queued' END, CASE WHEN suppressed THEN ${STATUS_RANK.failed} ELSE ${STATUS_RANK.queued} END,
             CASE WHEN suppressed THEN 'suppressed: the address bounced or complained before' END, CASE WHEN suppressed THEN NULL ELSE now() END
           FROM x ORDER BY i
           ON CONFLICT (project_id, campaign_id, contact_id) WHERE campaign_id IS NOT NULL DO NOTHING
           RETURNING id
         ), events AS (
         ${outbox.insertSql(13, { key: 'int', where: (key) => `${key} IN (SELECT CASE WHEN suppressed THEN -i ELSE i END FROM x WHERE x.id IN (SELECT id FROM emails))` })}
         RETURNING id
         )
         SELECT (SELECT count(*) FROM events)::int AS created, (SELECT count(*) FROM x WHERE suppressed AND x.id IN (SELECT id FROM emails))::int AS suppressed`,
          [
            projectId,
            content.campaignId,
            content.fromEmail,
            content.fromName ?? null,
            content.replyTo ?? null,
            content.subject,
            content.templateId ?? null,
            content.tracking,
            emails.map((e) => e.id),
            emails.map((e) => e.contactId),
            emails.map((e) => e.toEmail),
            emails.map((e) => JSON.stringify(e.vars)),
            ...outbox.params(envelopes, keys),
          ],
        ),
      );
      outbox.written(tx);
      const { created, suppressed } = r.rows[0];
      counted = [created, suppressed];
      return { created, cancelled: false };
    });
    accepted('bulk', ...counted);
    return result;
  }

  async insertWorkflowEmail(e: WorkflowEmail, events: { queued: DomainEvent; suppressed: DomainEvent }) {
    // The email and the one event its suppression check picks (1: its work item, -1: its
    // failure), both only if the key is new: a repeat writes nothing, in particular no work item.
    const inserted = await this.db.query<{ id: string; status: string }>(
      prepared(
        `WITH x AS (
         SELECT EXISTS (SELECT 1 FROM messaging.suppressions s WHERE s.project_id = $1::uuid AND s.email = $4::text) AS suppressed
       ), emails AS (
         INSERT INTO messaging.emails (project_id, id, contact_id, to_email, from_email, from_name, reply_to, subject, body, template_id, workflow_id,
           idempotency_key, type, source_type, lane, vars, tracking, track_opens, status, status_rank, last_error, enqueued_at)
         SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::uuid, $11::uuid, $12::text, $13::text,
           'workflow', 'transactional', $14::jsonb, $15::boolean, $16::boolean,
           CASE WHEN suppressed THEN 'failed' ELSE 'queued' END, CASE WHEN suppressed THEN ${STATUS_RANK.failed} ELSE ${STATUS_RANK.queued} END,
           CASE WHEN suppressed THEN 'suppressed: the address bounced or complained before' END, CASE WHEN suppressed THEN NULL ELSE now() END
         FROM x
         ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id, status
       ), events AS (
         ${outbox.insertSql(17, { key: 'int', where: (key) => `EXISTS (SELECT 1 FROM emails) AND ${key} = (SELECT CASE WHEN suppressed THEN -1 ELSE 1 END FROM x)` })}
       )
       SELECT id, status FROM emails`,
        [
          e.projectId,
          e.id,
          e.contactId,
          e.toEmail,
          e.fromEmail,
          e.fromName ?? null,
          e.replyTo ?? null,
          e.subject,
          e.body,
          e.templateId ?? null,
          e.workflowId ?? null,
          e.key,
          e.type,
          JSON.stringify(e.vars),
          e.tracking,
          e.trackOpens ?? e.tracking,
          ...outbox.params([events.queued, events.suppressed], [1, -1]),
        ],
      ),
    );
    if (inserted.length) {
      outbox.written(this.db.pool);
      accepted('transactional', 1, inserted[0].status === 'failed' ? 1 : 0);
      return { id: inserted[0].id, existing: false };
    }
    // The key's email was there, or committed while this one waited for it: a new statement sees it.
    const id = await this.emailOfKey(e.projectId, e.key);
    if (!id) throw new Error('an email of this key conflicted but cannot be found');
    return { id, existing: true };
  }

  async emailOfKey(projectId: string, key: string): Promise<string | undefined> {
    return (await this.db.query<{ id: string }>(`SELECT id FROM messaging.emails WHERE project_id = $1 AND idempotency_key = $2`, [projectId, key]))[0]?.id;
  }

  async campaignEmailsOf(projectId: string, campaignId: string, contactIds: string[]): Promise<number> {
    const rows = await this.db.query(
      `SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = $1 AND campaign_id = $2 AND contact_id = ANY($3::uuid[])`,
      [projectId, campaignId, contactIds],
    );
    return rows[0].n;
  }

  async cancelCampaign(projectId: string, campaignId: string, work?: Work): Promise<number> {
    const run = async (tx: Queryable) => {
      // The mark first (waiting for a page being written), then what no sender holds goes:
      // queued (a work item waiting, or a retry not yet due) and emails a dead sender left
      // `sending` (the sweep would hand those out again).
      await tx.query(
        `INSERT INTO messaging.campaign_contents (project_id, campaign_id, body, cancelled_at) VALUES ($1, $2, '', now())
         ON CONFLICT (project_id, campaign_id) DO UPDATE SET cancelled_at = coalesce(campaign_contents.cancelled_at, now())`,
        [projectId, campaignId],
      );
      const r = await tx.query(
        `DELETE FROM messaging.emails WHERE project_id = $1 AND campaign_id = $2
           AND (status = 'queued' OR (status = 'sending' AND updated_at < now() - interval '2 minutes'))`,
        [projectId, campaignId],
      );
      return r.rowCount ?? 0;
    };
    return work ? run(sqlOf(work)) : this.db.tx(run);
  }

  async deleteCampaignContent(work: Work, projectId: string, campaignId: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM messaging.campaign_contents WHERE project_id = $1 AND campaign_id = $2`, [projectId, campaignId]);
  }

  async campaignPending(projectId: string, campaignId: string): Promise<{ queued: number; sending: number }> {
    const rows = await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'sending')::int AS sending
       FROM messaging.emails WHERE project_id = $1 AND campaign_id = $2 AND campaign_id IS NOT NULL AND status IN ('queued', 'sending')`,
      [projectId, campaignId],
    );
    return rows[0];
  }

  /**
   * Claims emails for sending (queued, or stuck in sending: redelivered after a worker crash or
   * untouched for 2 minutes), many in one statement. Returns the rows claimed.
   */
  async claim(items: Array<{ projectId: string; id: string; redelivered: boolean }>): Promise<EmailRow[]> {
    return this.db.query(
      prepared(
        `UPDATE messaging.emails e SET status = 'sending', status_rank = ${STATUS_RANK.sending}, attempts = e.attempts + 1, held_by = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::uuid[], $3::bool[]) AS x(project_id, id, redelivered)
       WHERE e.project_id = x.project_id AND e.id = x.id AND e.next_attempt_at <= now()
         AND (e.status = 'queued' OR (e.status = 'sending' AND (x.redelivered OR e.updated_at < now() - interval '2 minutes')))
       RETURNING ${CLAIMED_ROW}`,
        [items.map((i) => i.projectId), items.map((i) => i.id), items.map((i) => i.redelivered)],
      ),
    );
  }

  async attachments(projectId: string, emailId: string) {
    return this.db.query(
      `SELECT filename, content_type, content_id, disposition, content FROM messaging.attachments WHERE project_id = $1 AND email_id = $2 ORDER BY idx`,
      [projectId, emailId],
    );
  }

  /** Moves an email up the status order (never down), or records a step reached late; returns the row if it changed. */
  async advance(work: Work, projectId: string, id: string, status: EmailStatus, extra: { messageId?: string; error?: string } = {}) {
    const tx = sqlOf(work);
    return (await tx.query(prepared(advanceSql(status, EMAIL_ROW), advanceParams(status, [{ projectId, id, ...extra }])))).rows[0] as EmailRow | undefined;
  }

  /**
   * `advance` for many emails, with a status event for each email that actually moved, in ONE
   * statement. `eventOf` builds an email's event from what the caller knows of it; it is written
   * only if the email moved. Returns the ids of the emails that moved.
   */
  async advanceWithEvents(
    status: EmailStatus,
    items: Array<{ projectId: string; id: string; messageId?: string }>,
    eventOf: (item: { projectId: string; id: string; messageId?: string }) => NewEvent,
  ): Promise<string[]> {
    const events = outbox.envelopes(items.map(eventOf));
    const rows = await this.db.query<{ id: string; lane: 'transactional' | 'bulk' }>(
      prepared(
        `WITH moved AS (${advanceSql(status, 'e.id, e.lane')})
         , events AS (${outbox.insertSql(7, { key: 'uuid', where: (emailId) => `${emailId} IN (SELECT id FROM moved)` })})
         SELECT * FROM moved`,
        [
          ...advanceParams(status, items),
          ...outbox.params(
            events,
            items.map((i) => i.id),
          ),
        ],
      ),
    );
    if (rows.length) outbox.written(this.db.pool);
    if (COUNTED.has(status)) for (const r of rows) metrics.emails.inc({ lane: r.lane, outcome: status });
    return rows.map((r) => r.id);
  }

  async setProviders(items: Array<{ projectId: string; id: string; provider: string }>) {
    await this.db.query(
      prepared(
        `UPDATE messaging.emails e SET provider = x.provider
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS x(project_id, id, provider)
         WHERE e.project_id = x.project_id AND e.id = x.id AND e.provider IS DISTINCT FROM x.provider`,
        [items.map((i) => i.projectId), items.map((i) => i.id), items.map((i) => i.provider)],
      ),
    );
  }

  /** A temporary failure: back to queued, due again after the backoff. */
  async retryLater(projectId: string, id: string, delayMs: number, error: string, deferred = false) {
    await this.db.query(
      `UPDATE messaging.emails SET status = 'queued', status_rank = 0, enqueued_at = NULL, last_error = $3, updated_at = now(),
         deferrals = deferrals + $5::int, next_attempt_at = now() + ($4 || ' milliseconds')::interval WHERE project_id = $1 AND id = $2 AND status = 'sending'`,
      [projectId, id, error.slice(0, 500), String(delayMs), deferred ? 1 : 0],
    );
  }

  /** Held back (a guardrail, a cap): back to queued without spending the attempt, due again after `delayMs`, with the reason. */
  async hold(projectId: string, id: string, delayMs: number, by: string, reason: string) {
    await this.db.query(
      `UPDATE messaging.emails SET status = 'queued', status_rank = 0, enqueued_at = NULL, attempts = greatest(attempts - 1, 0), held_by = $3,
         last_error = $4, updated_at = now(), next_attempt_at = now() + ($5 || ' milliseconds')::interval
       WHERE project_id = $1 AND id = $2 AND status = 'sending'`,
      [projectId, id, by, reason.slice(0, 500), String(delayMs)],
    );
  }

  /**
   * All-in-one start: the in-memory queue of the last run is gone, so every email it held — queued,
   * or interrupted while sending — is due for the sweep at once.
   */
  async requeueInterrupted(): Promise<number> {
    const r = await this.db.pool.query(
      `UPDATE messaging.emails SET status = 'queued', status_rank = 0, enqueued_at = NULL, updated_at = now()
       WHERE status IN ('queued', 'sending') AND (status = 'sending' OR enqueued_at IS NOT NULL)`,
    );
    return r.rowCount ?? 0;
  }

  /**
   * Retries that came due, and what a restart requeued: queued emails not on any queue
   * (`enqueued_at` NULL). Marked enqueued. Its partial index holds only such emails (and, until
   * VACUUM, the entries of those swept before), so this stays cheap however many emails the table
   * holds.
   */
  async claimRetries(tx: PoolClient, limit: number): Promise<SweptEmail[]> {
    await plainIndexScans(tx);
    return this.markEnqueued(tx, `status = 'queued' AND enqueued_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at`, limit);
  }

  /**
   * The safety net: queued emails whose work item went missing (enqueued over 60 s ago) and
   * emails left `sending` for 2 minutes (a crash no redelivery covered). Marked enqueued. Every
   * email passes through both states, so their indexes hold an entry for every email sent since
   * the last VACUUM.
   */
  async claimStranded(tx: PoolClient, limit: number): Promise<SweptEmail[]> {
    await plainIndexScans(tx);
    const lost = await this.markEnqueued(
      tx,
      `status = 'queued' AND enqueued_at < now() - interval '60 seconds' AND next_attempt_at <= now() ORDER BY enqueued_at`,
      limit,
    );
    const interrupted = await this.markEnqueued(
      tx,
      `status = 'sending' AND updated_at < now() - interval '2 minutes' AND (enqueued_at IS NULL OR enqueued_at < now() - interval '60 seconds') ORDER BY updated_at`,
      limit,
    );
    return [...lost, ...interrupted];
  }

  private async markEnqueued(tx: PoolClient, whereOrder: string, limit: number): Promise<SweptEmail[]> {
    const r = await tx.query(
      `UPDATE messaging.emails e SET enqueued_at = now() FROM (
         SELECT project_id, id FROM messaging.emails WHERE ${whereOrder} LIMIT $1 FOR UPDATE SKIP LOCKED) due
       WHERE e.project_id = due.project_id AND e.id = due.id RETURNING e.project_id, e.id, e.lane`,
      [limit],
    );
    return r.rows;
  }

  async byMessageId(messageId: string): Promise<EmailRow | undefined> {
    const bare = messageId.replace(/^<|>$/g, '');
    return (await this.db.query(`SELECT * FROM messaging.emails WHERE message_id = $1 OR message_id = $2 LIMIT 1`, [bare, `<${bare}>`]))[0];
  }

  async byId(projectId: string, id: string): Promise<EmailRow | undefined> {
    return (await this.db.query(`SELECT * FROM messaging.emails WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];
  }

  async saveDevMail(projectId: string, m: { id: string; emailId: string; recipient: string; sender: string; subject: string; raw: string }) {
    await this.db.query(`INSERT INTO messaging.dev_mailbox (project_id, id, email_id, recipient, sender, subject, raw) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      projectId,
      m.id,
      m.emailId,
      m.recipient,
      m.sender,
      m.subject,
      m.raw,
    ]);
  }

  async devMail(projectIds: string[], limit: number) {
    return this.db.query(
      `SELECT id, email_id, recipient, sender, subject, raw, created_at FROM messaging.dev_mailbox WHERE project_id = ANY($1::uuid[]) ORDER BY id DESC LIMIT $2`,
      [projectIds, limit],
    );
  }

  async sentFromDomain(projectId: string, domain: string, withinMs: number) {
    // Ids are UUIDv7: the primary key's range since then covers the emails created in the window.
    const [r] = await this.db.query<{ sent: number; marketing: number }>(
      `SELECT count(*)::int AS sent, count(*) FILTER (WHERE type = 'MARKETING')::int AS marketing
         FROM messaging.emails
        WHERE project_id = $1 AND id >= $2 AND sent_at > now() - make_interval(secs => $3) AND lower(split_part(from_email, '@', 2)) = $4`,
      [projectId, uuidFloor(new Date(Date.now() - withinMs)), withinMs / 1000, domain.toLowerCase()],
    );
    return r;
  }

  async reputation(projectId: string, work?: Work) {
    const tx = work ? sqlOf(work) : this.db.pool;
    return (
      await tx.query(
        `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL) AS total,
                count(*) FILTER (WHERE bounced_at IS NOT NULL) AS bounces,
                count(*) FILTER (WHERE complained_at IS NOT NULL) AS complaints,
                count(*) FILTER (WHERE sent_at > now() - interval '7 days') AS total7,
                count(*) FILTER (WHERE bounced_at > now() - interval '7 days') AS bounces7,
                count(*) FILTER (WHERE complained_at > now() - interval '7 days') AS complaints7
         FROM messaging.emails WHERE project_id = $1`,
        [projectId],
      )
    ).rows[0];
  }
}
