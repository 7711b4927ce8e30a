import { contracts } from '../../../libs/contracts/src';
import { metrics } from '../../../libs/kit/src';
import { defineService } from '../../../libs/runtime/src/service';
import { CampaignsRepo } from './adapters/repo';
import { campaignsHandlers } from './app/campaigns';
import { runFanout, type FanoutSettings } from './app/fanout';
import { campaignsSettings } from './config';
import { migrations, SCHEMA } from './migrations';
import { campaignsConsumer } from './ports/consumers';
import { campaignsRoutes } from './ports/http';

/** How often the fan-out looks for due schedules and takes turns: a due campaign starts within this. */
const FANOUT_EVERY_MS = 250;

/** Campaigns: CRUD, schedules, the fan-out of a send to messaging's bulk lane, stats. */
export const campaigns = defineService({
  name: 'campaigns',
  grpc: { contract: contracts.campaigns, port: 50065 },
  httpPort: 8065,
  deploy: {
    about:
      "campaigns, schedules and the fan-out of a send to messaging's bulk lane (each campaign's turn is claimed with SKIP LOCKED, so replicas share the work). Egress: contacts and messaging.",
    size: 'small',
    scaling: 'cpu',
  },
  calls: { contacts: contracts.contacts, messaging: contracts.messaging },
  config: campaignsSettings,
  schema: { name: SCHEMA, migrations },
  routes: campaignsRoutes,
  async start(ctx) {
    const store = new CampaignsRepo(ctx.db);
    const settings: FanoutSettings = {
      freezePage: 5000,
      dispatchPage: ctx.config.CAMPAIGN_DISPATCH_PAGE,
      window: ctx.config.CAMPAIGN_WINDOW,
      turnsPerRun: 50,
    };
    const deps = { store, contacts: ctx.clients.contacts, messaging: ctx.clients.messaging };
    // herald_campaign_recipients_pending: frozen recipients of SENDING campaigns neither skipped nor settled yet (one indexed query).
    const unsample = metrics.onScrape([metrics.campaignRecipientsPending], async () => {
      const [r] = await ctx.db.query<{ n: number }>(
        `SELECT coalesce(sum(greatest(total_recipients - skipped - settled_count, 0)), 0)::float8 AS n FROM campaigns.campaigns WHERE status = 'SENDING'`,
      );
      metrics.campaignRecipientsPending.set(r.n);
    });
    return {
      grpc: campaignsHandlers(deps),
      consumer: campaignsConsumer(store),
      timers: [{ name: 'campaigns.fanout', everyMs: FANOUT_EVERY_MS, run: (stopped) => runFanout({ ...deps, settings }, stopped) }],
      async stop() {
        unsample();
      },
    };
  },
});
