import { logger } from '../../../libs/kit/src';
import type { HeraldModule } from '../../../libs/runtime/src/module';
import { NodeDns } from './adapters/dns';
import { DomainsRepo } from './adapters/repo';
import { domainsService } from './app/handlers';
import { domainsConfig } from './config';
import { KeySealer } from './domain/sealer';
import { migrations, SCHEMA } from './migrations';
import { RecheckTimers } from './ports/timers';

/** Sending domains: DKIM keys, the records to publish, DNS verification, background re-checks. */
export function domainsModule(): HeraldModule {
  let started = false;
  let timers: RecheckTimers | undefined;
  return {
    name: 'domains',
    deps: [],
    async migrateOnly(ctx) {
      await ctx.migrate(SCHEMA, ctx.db('domains'), migrations);
    },
    async start(ctx) {
      const settings = domainsConfig(ctx.config);
      const dns = new NodeDns(settings.dnsServers); // a malformed DNS_SERVERS fails here, at boot
      const db = ctx.db('domains');
      await ctx.migrate(SCHEMA, db, migrations);
      const repo = new DomainsRepo(db);
      const sealer = KeySealer.fromHex(ctx.config.ENCRYPTION_KEY);
      const sealed = await repo.sealKeys(sealer);
      if (sealed) logger.info({ keys: sealed }, 'DKIM private keys stored before ENCRYPTION_KEY was set are now encrypted');
      if (!sealer.enabled && ctx.config.NODE_ENV === 'production') logger.warn('ENCRYPTION_KEY is not set: DKIM private keys are stored unencrypted');
      const service = domainsService(repo, dns, settings, sealer);
      ctx.provide('domains', service.handlers);
      ctx.relay(db, SCHEMA);
      timers = new RecheckTimers(repo, service);
      timers.start();
      started = true;
    },
    async stop() {
      started = false;
      await timers?.stop();
    },
    ready: () => started,
  };
}
