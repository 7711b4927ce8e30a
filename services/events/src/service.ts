import { PROJECTION_RELAY_SPACING_MS } from '../../../libs/bus/src';
import { contracts } from '../../../libs/contracts/src';
import { defineService } from '../../../libs/runtime/src/service';
import { ActivityRepo } from './adapters/activity-repo';
import { EventsRepo } from './adapters/repo';
import { eventsHandlers } from './app/handlers';
import { migrations, SCHEMA } from './migrations';
import { eventsConsumer } from './ports/consumers';
import { activityRoutes } from './ports/activity-http';
import { eventsRoutes } from './ports/http';

/** Tracked events and the public events Herald records itself, with their reads, the activity feed and analytics. */
export const events = defineService({
  name: 'events',
  grpc: { contract: contracts.events, port: 50062 },
  httpPort: 8062,
  deploy: {
    about: 'tracked and recorded events, the activity feed and analytics. Egress: contacts and workflows.',
    size: 'standard',
    scaling: 'cpu',
  },
  calls: { contacts: contracts.contacts, workflows: contracts.workflows },
  // Its events feed projections (contacts' event facts): no one waits on them.
  schema: { name: SCHEMA, migrations, relaySpacingMs: PROJECTION_RELAY_SPACING_MS },
  routes: (api) => [...eventsRoutes(api), ...activityRoutes(api)],
  async start(ctx) {
    const repo = new EventsRepo(ctx.db);
    const activity = new ActivityRepo(ctx.db);
    return { grpc: eventsHandlers(repo, ctx.clients.contacts, activity, ctx.clients.workflows), consumer: eventsConsumer(repo, activity) };
  },
});
