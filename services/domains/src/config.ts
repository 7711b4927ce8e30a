import { z } from 'zod';
import { secretSetting, type Config } from '../../../libs/kit/src';
import type { DomainsSettings } from './app/handlers';

/** The domains service's settings (docs/configuration.md, "Sending domains"). */
export const domainsSettings = z.object({
  DOMAIN_RECHECK_SECONDS: z.coerce.number().positive().default(300),
  SPF_INCLUDE: z.string().min(1).default('amazonses.com'),
  RETURN_PATH_MX: z.string().min(1).default('feedback-smtp.us-east-1.amazonses.com'),
  /** Inbound mail: the host a domain's MX names so Herald receives its mail; unset, no inbound MX row. */
  INBOUND_MX_HOST: z.string().min(1).optional(),
  ENCRYPTION_KEY: secretSetting(
    z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes): openssl rand -hex 32')
        .optional(),
    ),
  ),
});

/** What the use cases need of the settings, normalised. */
export function domainsConfig(c: Config & z.infer<typeof domainsSettings>): DomainsSettings & { dnsServers: string } {
  return {
    dnsServers: c.DNS_SERVERS,
    recheckSeconds: c.DOMAIN_RECHECK_SECONDS,
    spfInclude: c.SPF_INCLUDE.trim().toLowerCase(),
    returnPathMx: c.RETURN_PATH_MX.trim().toLowerCase().replace(/\.$/, ''),
    inboundMxHost: c.INBOUND_MX_HOST ? c.INBOUND_MX_HOST.trim().toLowerCase().replace(/\.$/, '') : undefined,
  };
}
