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
      ctx.relay(db, SCHEMA);
      await ctx.subscribe(contactsSubscription(repo));
      started = true;
    },
    async stop() {
      started = false;
    },
    ready: () => started,
  };
}
