import { PROJECTION_RELAY_SPACING_MS } from '../../../libs/bus/src';
import type { HeraldModule } from '../../../libs/runtime/src/module';
import { EventsRepo } from './adapters/repo';
import { eventsHandlers } from './app/handlers';
import { migrations, SCHEMA } from './migrations';
import { eventsSubscription } from './ports/consumers';

export function eventsModule(): HeraldModule {
  let started = false;
  return {
    name: 'events',
    deps: ['contacts'],
    async migrateOnly(ctx) {
      await ctx.migrate(SCHEMA, ctx.db('events'), migrations);
    },
    async start(ctx) {
      const db = ctx.db('events');
      await ctx.migrate(SCHEMA, db, migrations);
      const repo = new EventsRepo(db);
      ctx.provide('events', eventsHandlers(repo, ctx.clients.contacts));
      // Its events feed projections (contacts' event facts): no one waits on them.
      ctx.relay(db, SCHEMA, { spacingMs: PROJECTION_RELAY_SPACING_MS });
      await ctx.subscribe(eventsSubscription(repo));
      started = true;
    },
    async stop() {
      started = false;
    },
    ready: () => started,
  };
}
