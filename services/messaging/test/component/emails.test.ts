/**
 * Component test: storing new emails against real PostgreSQL (its own database herald_c_<random>,
 * dropped afterwards) — the one statement that writes the emails, their attachments and outbox
 * events, and fails the emails to addresses the project suppressed.
 */
import { Db, migrate } from '../../../../libs/db/src';
import { envelopesOf } from '../../../../libs/bus/src';
import { newId } from '../../../../libs/kit/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { MessagingRepo, NewEmail } from '../../src/adapters/repo';
import { statusEvent } from '../../src/app/send';
import { migrations, SCHEMA } from '../../src/migrations';
import { STATUS_RANK } from '../../src/domain/status';

let scratch: ScratchDatabase;
let db: Db;
let repo: MessagingRepo;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrations);
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
  const [queued, suppressed] = envelopesOf([
    { type: 'messaging.email.queued.v1', projectId: e.projectId, data: { emailId: e.id, lane: 'transactional' } },
    statusEvent(e.projectId, { id: e.id, contact_id: e.contactId, message_id: null, subject: e.subject, from_email: e.fromEmail, template_id: null, campaign_id: null, source_type: 'transactional' }, 'failed', { reason: 'suppressed' }),
  ]);
  return { queued, suppressed };
};

describe('MessagingRepo.insertEmails', () => {
  it('queues each email with its work item, and fails the ones to addresses its project suppressed with their failure event, in order', async () => {
    const [a, b] = [newId(), newId()];
    await db.tx((tx) => repo.suppress(tx, a, 'bounced@x.test', 'bounce'));
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
    expect(byId.get(emails[1].id)).toMatchObject({ status_rank: STATUS_RANK.failed, last_error: expect.stringMatching(/suppressed/), enqueued: false, attachment_count: 1 });
    expect(byId.get(emails[0].id)).toMatchObject({ status_rank: STATUS_RANK.queued, last_error: null, enqueued: true });
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.attachments WHERE email_id = $1`, [emails[1].id]))[0].n).toBe(1);

    // One outbox event per email, in the emails' order: the work item, or the failure.
    const outbox = await db.query<{ id: string; type: string; project_id: string; data: any }>(`SELECT id, type, project_id, data FROM messaging.outbox ORDER BY seq`);
    expect(outbox.map((o) => [o.id, o.type, o.project_id])).toEqual([
      [events[0].queued.id, 'messaging.email.queued.v1', a],
      [events[1].suppressed.id, 'messaging.email.status_changed.v1', a],
      [events[2].queued.id, 'messaging.email.queued.v1', b],
      [events[3].queued.id, 'messaging.email.queued.v1', a],
    ]);
    expect(outbox[1].data).toMatchObject({ emailId: emails[1].id, status: 'failed', reason: 'suppressed' });
  });
});
