import type { ModuleFactory } from '../../../libs/runtime/src/module';
import { contactsModule } from '../../contacts/src/module';
import { domainsModule } from '../../domains/src/module';
import { eventsModule } from '../../events/src/module';
import { gatewayModule } from '../../gateway/src/module';
import { messagingModule } from '../../messaging/src/module';

/** Every target a process can run (TARGET=<name>, comma-separated; `all` runs every one). */
export const registry: Record<string, ModuleFactory> = {
  gateway: gatewayModule,
  contacts: contactsModule,
  events: eventsModule,
  domains: domainsModule,
  messaging: messagingModule,
};
