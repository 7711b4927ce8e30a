import { PROJECTION_RELAY_SPACING_MS } from '../../../libs/bus/src';
import type { HeraldModule } from '../../../libs/runtime/src/module';
import { ContactsRepo } from './adapters/repo';
import { contactsHandlers } from './app/handlers';
import { migrations, SCHEMA } from './migrations';
import { contactsSubscription } from './ports/consumers';

export function contactsModule(): HeraldModule {
  let started = false;
  return {
    name: 'contacts',
    deps: [],
    async migrateOnly(ctx) {
      await ctx.migrate(SCHEMA, ctx.db('contacts'), migrations);
    },
    async start(ctx) {
      const db = ctx.db('contacts');
      await ctx.migrate(SCHEMA, db, migrations);
      const repo = new ContactsRepo(db);
      ctx.provide('contacts', contactsHandlers(repo));
      // Its events feed the public contact.subscribed/unsubscribed records: no one waits on them.
      ctx.relay(db, SCHEMA, { spacingMs: PROJECTION_RELAY_SPACING_MS });
      await ctx.subscribe(contactsSubscription(repo));
      started = true;
    },
    async stop() {
      started = false;
    },
    ready: () => started,
  };
}
