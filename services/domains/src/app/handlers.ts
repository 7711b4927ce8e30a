import { isUuid, isValidEmail, logger, newId, notFound, validationError, AppError } from '../../../../libs/kit/src';
import type { NewEvent } from '../../../../libs/bus/src';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import type { Domain__Output as DomainMsg } from '../../../../libs/contracts/src/generated/herald/domains/v1/Domain';
import { domainOfEmail, normalizeDomain } from '../domain/hostname';
import { newDkimKey } from '../domain/keys';
import { KeySealer } from '../domain/sealer';
import { inboundRecord, Match, matchMx, matchTxt, nextVerified, Purpose, recordsFor, RecordSpec, returnPathOf, withDmarcReports } from '../domain/records';
import type { DnsLookup, DomainRow, DomainsStore } from './ports';

export interface DomainsSettings {
  spfInclude: string;
  returnPathMx: string;
  recheckSeconds: number;
  /** INBOUND_MX_HOST: each domain also shows (and checks) the MX that brings its mail to Herald. */
  inboundMxHost?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export const toMsg = (r: DomainRow): DomainMsg => ({
  id: r.id,
  domain: r.domain,
  verified: r.verified,
  records: r.records.map((s) => ({
    type: s.type,
    name: s.name,
    value: s.value,
    priority: s.priority ?? 0,
    purpose: s.purpose,
    found: r.found?.[s.purpose] === true,
  })),
  created_at: iso(r.created_at),
  verified_at: iso(r.verified_at),
  last_checked_at: iso(r.last_checked_at),
  dmarc_report_email: r.dmarc_report_email ?? '',
});

/** A DMARC reporting address as given: trimmed, lower-cased, an address (or empty: none). */
function reportAddress(v: string | undefined): string | undefined {
  const email = (v ?? '').trim().toLowerCase();
  if (!email) return undefined;
  if (!isValidEmail(email) || /[;,!\s]/.test(email)) {
    throw validationError(
      [{ field: 'dmarcReportEmail', message: 'must be an email address', code: 'invalid_string' }],
      'Give the mailbox that should receive DMARC aggregate reports, e.g. dmarc@example.com.',
    );
  }
  return email;
}

const domainNotFound = () => notFound('Domain', 'DOMAIN_NOT_FOUND');

/** Looks every record up (in parallel) and says, per purpose, whether it is there. */
export async function lookupRecords(dns: DnsLookup, records: RecordSpec[]): Promise<Partial<Record<Purpose, Match>>> {
  const results = await Promise.all(
    records.map(async (s) => [s.purpose, s.type === 'MX' ? matchMx(s, await dns.mx(s.name)) : matchTxt(s, await dns.txt(s.name))] as const),
  );
  return Object.fromEntries(results);
}

/** The domains use cases, plus `check` for the background re-check (ports/timers.ts). */
export function domainsService(repo: DomainsStore, dns: DnsLookup, settings: DomainsSettings, sealer = KeySealer.fromHex(undefined)) {
  const { uow, outbox } = repo;
  /**
   * The records a domain shows and a check looks up: those it was given (the DMARC suggestion with
   * its current reporting address), and the inbound MX while enabled.
   */
  const withInbound = (r: DomainRow): DomainRow => {
    const records = withDmarcReports(r.records, r.dmarc_report_email);
    return { ...r, records: settings.inboundMxHost ? [...records, inboundRecord(r.domain, settings.inboundMxHost)] : records };
  };
  const view = (r: DomainRow) => toMsg(withInbound(r));

  /**
   * Checks DNS now and records the result; on a change of verification, enqueues
   * domains.domain.verified.v1 / unverified.v1 in the same transaction. DNS is asked before the
   * row is locked. Returns undefined when the domain is gone (deleted meanwhile).
   */
  async function check(projectId: string, id: string, opts: { reschedule: boolean }): Promise<DomainRow | undefined> {
    const before = await repo.get(projectId, id);
    if (!before) return undefined;
    const results = await lookupRecords(dns, withInbound(before).records);
    const unknown = Object.entries(results).filter(([, m]) => m === 'unknown');
    if (unknown.length) logger.warn({ projectId, domain: before.domain, unknown: unknown.map(([p]) => p) }, 'DNS lookups failed during a domain check');
    return uow.run(async (work) => {
      const current = await repo.getForUpdate(work, projectId, id);
      if (!current) return undefined;
      const verified = nextVerified(current.verified, results);
      const found = Object.fromEntries(Object.entries(results).map(([p, m]) => [p, m === 'found']));
      const row = await repo.saveCheck(work, projectId, id, { verified, found });
      if (verified !== current.verified) {
        await outbox.enqueue(work, [
          {
            type: verified ? 'domains.domain.verified.v1' : 'domains.domain.unverified.v1',
            projectId,
            data: { domainId: id, domain: current.domain },
          },
        ]);
        logger.info({ projectId, domain: current.domain, verified }, 'domain verification changed');
      }
      if (opts.reschedule) await repo.schedule(work, projectId, id, settings.recheckSeconds);
      return row;
    });
  }

  const handlers: Handlers<'domains'> = {
    async AddDomain(req, meta) {
      const projectId = projectOf(meta);
      const v = normalizeDomain(req.domain);
      if (!v.ok) {
        throw validationError(
          [{ field: 'domain', message: v.message, code: 'invalid_string' }],
          'Send the bare domain you send from, such as example.com or mail.example.com.',
        );
      }
      if (!isUuid(projectId)) throw domainNotFound();
      const dmarcReportEmail = reportAddress(req.dmarc_report_email);
      const duplicate = () =>
        new AppError({
          code: 'CONFLICT',
          status: 409,
          message: `The domain ${v.domain} is already added to this project`,
          suggestion: 'Verify or delete the existing domain (GET /domains/project/:projectId lists them).',
        });
      if (await repo.exists(projectId, v.domain)) throw duplicate();
      const key = await newDkimKey();
      const records = recordsFor({
        domain: v.domain,
        selector: key.selector,
        publicKey: key.publicKey,
        spfInclude: settings.spfInclude,
        returnPathMx: settings.returnPathMx,
      });
      const id = newId();
      const row = await uow.run((work) =>
        repo.insert(
          work,
          projectId,
          { id, domain: v.domain, selector: key.selector, privateKeyPem: sealer.seal(key.privateKeyPem, projectId, id), records, dmarcReportEmail },
          settings.recheckSeconds,
        ),
      );
      if (!row) throw duplicate();
      return { domain: view(row) };
    },

    async ListDomains(_req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(projectId)) return { domains: [] };
      return { domains: (await repo.list(projectId)).map(view) };
    },

    async UpdateDomain(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(projectId) || !isUuid(req.id)) throw domainNotFound();
      const row = await repo.setDmarcReportEmail(projectId, req.id, reportAddress(req.dmarc_report_email) ?? null);
      if (!row) throw domainNotFound();
      return { domain: view(row) };
    },

    async VerifyDomain(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(projectId) || !isUuid(req.id)) throw domainNotFound();
      const row = await check(projectId, req.id, { reschedule: false });
      if (!row) throw domainNotFound();
      return { domain: view(row) };
    },

    async DeleteDomain(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(projectId) || !isUuid(req.id)) throw domainNotFound();
      await uow.run(async (work) => {
        const row = await repo.delete(work, projectId, req.id);
        if (!row) throw domainNotFound();
        // Deleting a verified domain ends its sender verification: consumers see it like any other loss.
        const events: NewEvent[] = row.verified ? [{ type: 'domains.domain.unverified.v1', projectId, data: { domainId: row.id, domain: row.domain } }] : [];
        await outbox.enqueue(work, events);
      });
      return {};
    },

    async CheckSender(req, meta) {
      const projectId = projectOf(meta);
      const domain = domainOfEmail(req.email);
      if (!domain || !isUuid(projectId)) return { verified: false, domain: domain ?? '', domain_id: '' };
      const row = await repo.byDomain(projectId, domain);
      return { verified: !!row?.verified, domain, domain_id: row?.id ?? '' };
    },

    async GetSigningKey(req, meta) {
      const projectId = projectOf(meta);
      const v = normalizeDomain(req.domain);
      const none = { found: false, domain: v.ok ? v.domain : '', selector: '', private_key_pem: '', return_path_domain: '' };
      if (!v.ok || !isUuid(projectId)) return none;
      const row = await repo.byDomain(projectId, v.domain);
      if (!row?.verified) return none;
      const pem = sealer.open(row.private_key_pem, row.project_id, row.id);
      return { found: true, domain: row.domain, selector: row.selector, private_key_pem: pem, return_path_domain: returnPathOf(row.domain) };
    },

    // Across projects: the recipient's domain names the projects (every one that verified it).
    async InboundDomain(req) {
      const v = normalizeDomain(req.domain);
      if (!v.ok) return { routes: [] };
      const rows = await repo.verifiedByDomain(v.domain);
      return { routes: rows.map((r) => ({ project_id: r.project_id, mx_found: !!settings.inboundMxHost && r.found?.inbound === true })) };
    },
  };

  return { handlers, check };
}

export type DomainsService = ReturnType<typeof domainsService>;
