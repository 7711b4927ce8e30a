/**
 * What the domains use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — gRPC handlers, the re-check timer,
 * HTTP routes — is ../ports/.)
 */
import type { Outbox } from '../../../../libs/bus/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { Answer, MxAnswer, Purpose, RecordSpec, TxtChunks } from '../domain/records';

export interface DomainRow {
  project_id: string;
  id: string;
  domain: string;
  selector: string;
  private_key_pem: string;
  records: RecordSpec[];
  found: Partial<Record<Purpose, boolean>>;
  verified: boolean;
  verified_at: Date | null;
  last_checked_at: Date | null;
  created_at: Date;
  /** Where DMARC aggregate reports go: the rua= of the suggested DMARC record (null: none). */
  dmarc_report_email: string | null;
}

/**
 * Sending domains and their re-check timers in PostgreSQL, every statement scoped by project_id
 * (adapters/repo.ts). Transactions are units of work (`uow.run`); `outbox` publishes this schema's events in
 * them.
 */
export interface DomainsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  exists(projectId: string, domain: string): Promise<boolean>;
  /** Inserts the domain and its re-check timer; undefined when the project already has the domain. */
  insert(
    work: Work,
    projectId: string,
    d: { id: string; domain: string; selector: string; privateKeyPem: string; records: RecordSpec[]; dmarcReportEmail?: string },
    recheckSeconds: number,
  ): Promise<DomainRow | undefined>;
  get(projectId: string, id: string): Promise<DomainRow | undefined>;
  getForUpdate(work: Work, projectId: string, id: string): Promise<DomainRow | undefined>;
  byDomain(projectId: string, domain: string): Promise<DomainRow | undefined>;
  list(projectId: string): Promise<DomainRow[]>;
  /** Inbound mail, across projects: every project's row of this domain that is verified. */
  verifiedByDomain(domain: string): Promise<Array<Pick<DomainRow, 'project_id' | 'found'>>>;
  /** Deletes the domain (key included) and its timer. */
  delete(work: Work, projectId: string, id: string): Promise<DomainRow | undefined>;
  /** Sets (or, with null, removes) where the domain's DMARC reports go; undefined when there is no such domain. */
  setDmarcReportEmail(projectId: string, id: string, email: string | null): Promise<DomainRow | undefined>;
  saveCheck(work: Work, projectId: string, id: string, s: { verified: boolean; found: Partial<Record<Purpose, boolean>> }): Promise<DomainRow>;
  /** Sets the domain's next re-check `seconds` from now. */
  schedule(work: Work, projectId: string, domainId: string, seconds: number): Promise<void>;
}

/** The lookups verification needs; tests may substitute their own. */
export interface DnsLookup {
  txt(name: string): Promise<Answer<TxtChunks>>;
  mx(name: string): Promise<Answer<MxAnswer>>;
}
