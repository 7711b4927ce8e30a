import type { Config } from '../../../libs/kit/src';
import type { DomainsSettings } from './app/handlers';

/** The domains service's slice of the configuration (libs/kit/src/config.ts validates it). */
export function domainsConfig(c: Config): DomainsSettings & { dnsServers: string } {
  return {
    dnsServers: c.DNS_SERVERS,
    recheckSeconds: c.DOMAIN_RECHECK_SECONDS,
    spfInclude: c.SPF_INCLUDE.trim().toLowerCase(),
    returnPathMx: c.RETURN_PATH_MX.trim().toLowerCase().replace(/\.$/, ''),
  };
}
