import { contracts } from '../../../libs/contracts/src';
import { logger } from '../../../libs/kit/src';
import { defineService } from '../../../libs/runtime/src/service';
import { NodeDns } from './adapters/dns';
import { DomainsRepo } from './adapters/repo';
import { domainsService } from './app/handlers';
import { domainsConfig, domainsSettings } from './config';
import { KeySealer } from './domain/sealer';
import { migrations, SCHEMA } from './migrations';
import { domainsRoutes } from './ports/http';
import { recheckTimer } from './ports/timers';

/** Sending domains: DKIM keys, the records to publish, DNS verification, background re-checks. */
export const domains = defineService({
  name: 'domains',
  grpc: { contract: contracts.domains, port: 50064 },
  httpPort: 8064,
  deploy: {
    about:
      "sending domains, DKIM keys, DNS verification and the background re-checks (timers are claimed with SKIP LOCKED, so replicas share them). Egress: DNS (DNS_SERVERS, or the cluster's).",
    size: 'small',
    scaling: 'cpu',
  },
  config: domainsSettings,
  // A reset keeps the project's sending domains (and their verification timers).
  schema: { name: SCHEMA, migrations, keepOnReset: ['domains', 'timers'] },
  routes: domainsRoutes,
  async start(ctx) {
    const settings = domainsConfig(ctx.config);
    const dns = new NodeDns(settings.dnsServers); // a malformed DNS_SERVERS fails here, at boot
    const repo = new DomainsRepo(ctx.db);
    const sealer = KeySealer.fromHex(ctx.config.ENCRYPTION_KEY);
    const sealed = await repo.sealKeys(sealer);
    if (sealed) logger.info({ keys: sealed }, 'DKIM private keys stored before ENCRYPTION_KEY was set are now encrypted');
    const service = domainsService(repo, dns, settings, sealer);
    return { grpc: service.handlers, timers: [recheckTimer(repo, service)] };
  },
});
