/**
 * Component test: campaign stats against real PostgreSQL — the consumer's facts set once per
 * recipient and fact whatever repeats or arrives out of order, implied facts, counters per
 * campaign and project, and tenancy. Its own database, dropped.
 */
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { CampaignsRepo } from '../../src/adapters/repo';
import { campaignsConsumer } from '../../src/ports/consumers';
import { SCHEMA } from '../../src/migrations';
import { campaigns } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let store: CampaignsRepo;
const consumer = () => campaignsConsumer(store);

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(campaigns));
  store = new CampaignsRepo(db);
});
afterAll(async () => {
  await scratch?.drop();
});

async function campaign(projectId: string, recipients: string[]) {
  const id = newId();
  await db.run(async (work) => {
    await store.insert(work, {
      project_id: projectId,
      id,
      name: 'c',
      description: null,
      subject: 's',
      body: 'b',
      from_email: 'a@b.test',
      from_name: null,
      reply_to: null,
      template_id: null,
      audience_type: 'ALL',
      segment_id: null,
      audience_filter: null,
      status: 'DRAFT',
    });
    await store.freeze(work, projectId, id, recipients);
  });
  return id;
}

const status = (projectId: string, campaignId: string | null, contactId: string, s: string): DomainEvent => ({
  id: newId(),
  type: 'messaging.email.status_changed.v1',
  occurredAt: new Date().toISOString(),
  projectId,
  data: {
    emailId: newId(),
    contactId,
    status: s as never,
    messageId: null,
    subject: 's',
    from: 'a@b.test',
    templateId: null,
    campaignId,
    sourceType: campaignId ? 'campaign' : 'transactional',
  },
});

async function consume(events: DomainEvent[]) {
  await db.tx((tx) => consumer().batchHandlers!['messaging.email.status_changed.v1']!(events, tx));
}

const counts = async (projectId: string, id: string) => {
  const c = (await store.get(projectId, id))!;
  return {
    sent: c.sent_count,
    delivered: c.delivered_count,
    opened: c.opened_count,
    clicked: c.clicked_count,
    bounced: c.bounced_count,
    complained: c.complained_count,
    unsubscribed: c.unsubscribed_count,
    failed: c.failed_count,
  };
};

it('counts each fact once per recipient, whatever repeats, in one batch or many, in any order', async () => {
  const p = newId();
  const [a, b, c] = [newId(), newId(), newId()];
  const id = await campaign(p, [a, b, c]);
  // a: clicked first (its open and delivery implied), then sent and opened arrive late, twice.
  await consume([status(p, id, a, 'clicked'), status(p, id, a, 'clicked')]);
  await consume([status(p, id, a, 'sent'), status(p, id, a, 'opened'), status(p, id, a, 'opened'), status(p, id, b, 'sent')]);
  // b bounced; c failed (suppressed); queued/sending are not facts.
  await consume([status(p, id, b, 'bounced'), status(p, id, c, 'failed'), status(p, id, c, 'queued'), status(p, id, c, 'sending')]);
  await consume([status(p, id, b, 'bounced')]);
  expect(await counts(p, id)).toEqual({ sent: 2, delivered: 1, opened: 1, clicked: 1, bounced: 1, complained: 0, unsubscribed: 0, failed: 1 });
});

it("counts unsubscribes through the campaign's link once, and ignores events of other campaigns, projects and transactional mail", async () => {
  const p = newId();
  const other = newId();
  const a = newId();
  const id = await campaign(p, [a]);
  const elsewhere = await campaign(other, [a]);
  const unsub = (projectId: string, campaignId: string): DomainEvent => ({
    id: newId(),
    type: 'messaging.campaign.unsubscribed.v1',
    occurredAt: new Date().toISOString(),
    projectId,
    data: { campaignId, contactId: a },
  });
  await db.tx((tx) => consumer().batchHandlers!['messaging.campaign.unsubscribed.v1']!([unsub(p, id), unsub(p, id)], tx));
  // The same campaign id under another project touches nothing; neither does a contact not frozen in it.
  await consume([status(other, id, a, 'sent'), status(p, null, a, 'sent'), status(p, id, newId(), 'sent')]);
  expect(await counts(p, id)).toMatchObject({ unsubscribed: 1, sent: 0 });
  expect(await counts(other, elsewhere)).toMatchObject({ sent: 0 });
});
