import { PROJECTION_RELAY_SPACING_MS } from '../../../libs/bus/src';
import { contracts } from '../../../libs/contracts/src';
import { defineService } from '../../../libs/runtime/src/service';
import { ContactsRepo } from './adapters/repo';
import { contactsHandlers } from './app/handlers';
import { migrations, SCHEMA } from './migrations';
import { contactsConsumer } from './ports/consumers';
import { contactsRoutes } from './ports/http';

/** Contacts, their custom data and field types, and the per-contact event facts segments read. */
export const contacts = defineService({
  name: 'contacts',
  grpc: { contract: contracts.contacts, port: 50061 },
  httpPort: 8061,
  // Its events feed the public contact.subscribed/unsubscribed records: no one waits on them.
  schema: { name: SCHEMA, migrations, relaySpacingMs: PROJECTION_RELAY_SPACING_MS },
  routes: contactsRoutes,
  async start(ctx) {
    const repo = new ContactsRepo(ctx.db);
    return { grpc: contactsHandlers(repo), consumer: contactsConsumer(repo) };
  },
});
