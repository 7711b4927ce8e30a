/**
 * POST /v1/verify, in Plunk's answer shape: syntax, DNS (MX, then the RFC 5321 §5.1
 * implicit-MX fallback to A/AAAA), disposable domain, role address, free provider, plus tag, typo.
 *
 * The DNS lookups are injected (the service passes a resolver honouring DNS_SERVERS); this module
 * does no other I/O. Lookups are bounded by `timeoutMs`.
 *
 * Decisions:
 * - `valid` = syntax ok && the domain accepts mail (MX records, or no MX but an A/AAAA address)
 *   && not disposable && not a null MX (RFC 7505). A typo does not make an address invalid (the
 *   typo domain may well take mail); it sets `isTypo` and `suggestedEmail`.
 * - `domainExists`: true when any lookup answered for the name (records, or NODATA); false on
 *   NXDOMAIN (ENOTFOUND) — and also when every lookup failed (timeout/SERVFAIL), with a reason
 *   saying the lookup failed rather than that the domain is missing.
 * - `isTypo`: the spell-checker suggests another domain and either the suggestion is a known
 *   mailbox provider, or the domain takes no mail and the suggestion only changes its TLD. Known
 *   providers are never typos.
 * - `isAlias`: role/shared local parts (admin, info, support, noreply, postmaster, …), compared
 *   without a `+tag`.
 * - `reasons`: human-readable sentences, one per finding that affects deliverability or quality.
 * - The returned `email` is the trimmed, lower-cased input.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { run as suggestEmail, POPULAR_DOMAINS } from '@zootools/email-spell-checker';
import { isValidEmail, normalizeEmail } from '../../../../libs/kit/src/email';

export interface MxRecord {
  exchange: string;
  priority: number;
}

export interface VerifyDeps {
  resolveMx(domain: string): Promise<MxRecord[]>;
  /** IPv4 addresses of a name (node's `resolve4`). Used when there is no MX. */
  resolveA?(domain: string): Promise<unknown[]>;
  /** IPv6 addresses of a name (node's `resolve6`). Used when there is no MX and no A. */
  resolveAaaa?(domain: string): Promise<unknown[]>;
  /** node's `resolveAny`; used for the fallback only when neither resolveA nor resolveAaaa is given. */
  resolveAny?(domain: string): Promise<Array<{ type: string }>>;
  /** Per lookup; default 5000 ms. */
  timeoutMs?: number;
}

export interface VerifyResult {
  email: string;
  valid: boolean;
  isDisposable: boolean;
  isAlias: boolean;
  isTypo: boolean;
  isPlusAddressed: boolean;
  isPersonalEmail: boolean;
  domainExists: boolean;
  hasMxRecords: boolean;
  suggestedEmail?: string;
  reasons: string[];
}

const DISPOSABLE = disposableEmailBlocklistSet();

/** Free mailbox providers (consumer addresses). */
export const PERSONAL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.fr',
  'outlook.de',
  'outlook.es',
  'outlook.it',
  'outlook.jp',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.es',
  'hotmail.it',
  'live.com',
  'live.co.uk',
  'live.fr',
  'live.nl',
  'msn.com',
  'passport.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.es',
  'yahoo.it',
  'yahoo.ca',
  'yahoo.com.au',
  'yahoo.co.in',
  'yahoo.co.jp',
  'yahoo.com.br',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'comcast.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
  'optonline.net',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'tutanota.com',
  'tutanota.de',
  'tutamail.com',
  'tuta.io',
  'tuta.com',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'zoho.com',
  'zohomail.com',
  'mail.com',
  'email.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'rambler.ru',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sohu.com',
  'aliyun.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'ntlworld.com',
  'talktalk.net',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  'rediffmail.com',
  'shaw.ca',
  'rogers.com',
  'sympatico.ca',
  'telus.net',
  'bigpond.com',
  'optusnet.com.au',
  'xtra.co.nz',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
]);

/** Role, shared and system local parts. */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'accounting',
  'accounts',
  'admin',
  'administrator',
  'all',
  'billing',
  'careers',
  'compliance',
  'contact',
  'customercare',
  'customerservice',
  'customer-service',
  'devnull',
  'dns',
  'donotreply',
  'do-not-reply',
  'enquiries',
  'enquiry',
  'everyone',
  'feedback',
  'finance',
  'ftp',
  'hello',
  'help',
  'helpdesk',
  'hostmaster',
  'hr',
  'info',
  'inquiries',
  'inquiry',
  'it',
  'jobs',
  'legal',
  'list',
  'mail',
  'mailer-daemon',
  'marketing',
  'media',
  'news',
  'newsletter',
  'no-reply',
  'noc',
  'noreply',
  'null',
  'office',
  'ops',
  'orders',
  'postmaster',
  'press',
  'privacy',
  'root',
  'sales',
  'security',
  'service',
  'staff',
  'support',
  'team',
  'undisclosed-recipients',
  'webmaster',
  'www',
]);

const KNOWN_PROVIDERS: ReadonlySet<string> = new Set([...PERSONAL_DOMAINS, ...POPULAR_DOMAINS]);

/** The domain or any parent domain is on the disposable list (e.g. `x.mailinator.com`). */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.');
    if (PERSONAL_DOMAINS.has(candidate)) return false;
    if (DISPOSABLE.has(candidate)) return true;
  }
  return false;
}

type Lookup<T> = { ok: true; value: T } | { ok: false; kind: 'nxdomain' | 'nodata' | 'error'; code?: string };

const NXDOMAIN_CODES = new Set(['ENOTFOUND', 'NXDOMAIN', 'NOTFOUND']);
const NODATA_CODES = new Set(['ENODATA', 'NODATA']);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })), ms);
    timer.unref?.();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function lookup<T>(fn: (() => Promise<T>) | undefined, ms: number): Promise<Lookup<T> | undefined> {
  if (!fn) return undefined;
  try {
    return { ok: true, value: await withTimeout(Promise.resolve().then(fn), ms) };
  } catch (err) {
    const code = String((err as { code?: unknown })?.code ?? '');
    if (NXDOMAIN_CODES.has(code)) return { ok: false, kind: 'nxdomain', code };
    if (NODATA_CODES.has(code)) return { ok: false, kind: 'nodata', code };
    return { ok: false, kind: 'error', code: code || undefined };
  }
}

const ADDRESS_TYPES = new Set(['A', 'AAAA']);

interface DnsFindings {
  domainExists: boolean;
  hasMxRecords: boolean;
  nullMx: boolean;
  /** MX, or an address record standing in for it. */
  acceptsMail: boolean;
  lookupFailed: boolean;
}

async function inspectDomain(domain: string, deps: VerifyDeps): Promise<DnsFindings> {
  const ms = deps.timeoutMs ?? 5000;
  const mx = (await lookup(() => deps.resolveMx(domain), ms))!;
  const out: DnsFindings = { domainExists: false, hasMxRecords: false, nullMx: false, acceptsMail: false, lookupFailed: false };

  if (mx.ok) {
    const records = Array.isArray(mx.value) ? mx.value : [];
    const hosts = records.filter((r) => r && typeof r.exchange === 'string' && r.exchange.replace(/\.$/, '') !== '');
    if (records.length > 0) out.domainExists = true;
    if (records.length > 0 && hosts.length === 0) {
      out.nullMx = true; // RFC 7505: "MX 0 ." — the domain takes no mail.
      return out;
    }
    if (hosts.length > 0) {
      out.hasMxRecords = true;
      out.acceptsMail = true;
      return out;
    }
    // An empty answer is NODATA.
  } else if (mx.kind === 'nxdomain') {
    return out;
  }
  if (mx.ok || mx.kind === 'nodata') out.domainExists = true;

  // No MX: RFC 5321 §5.1 treats the domain's own address record as an implicit MX.
  const lookups: Array<Lookup<unknown[]> | undefined> = [];
  if (deps.resolveA || deps.resolveAaaa) {
    lookups.push(await lookup(deps.resolveA && (() => deps.resolveA!(domain)), ms));
    if (!(lookups[0]?.ok && (lookups[0].value as unknown[]).length > 0)) {
      lookups.push(await lookup(deps.resolveAaaa && (() => deps.resolveAaaa!(domain)), ms));
    }
  } else if (deps.resolveAny) {
    const any = await lookup(() => deps.resolveAny!(domain), ms);
    lookups.push(any?.ok ? { ok: true, value: (any.value ?? []).filter((r) => r && ADDRESS_TYPES.has(String(r.type).toUpperCase())) } : any);
  }
  const answered = lookups.filter((l): l is Lookup<unknown[]> => !!l);
  if (answered.some((l) => l.ok || l.kind === 'nodata')) out.domainExists = true;
  if (answered.some((l) => l.ok && Array.isArray(l.value) && l.value.length > 0)) {
    out.domainExists = true;
    out.acceptsMail = true;
  }
  const mxFailed = !mx.ok && mx.kind === 'error';
  out.lookupFailed = mxFailed && !out.domainExists && !answered.some((l) => !l.ok && l.kind === 'nxdomain');
  return out;
}

/** The registrable part without the TLD, roughly: `mail.example.co.uk` → `mail.example`. */
const withoutTld = (domain: string) => domain.slice(0, domain.lastIndexOf('.'));

/**
 * Typo suggestion for a domain that is not itself a known provider: kept when it names a known
 * provider (`gmal.com` → `gmail.com`), or when the domain takes no mail and only its TLD changes
 * (`example.cmo` → `example.com`). Other guesses (`no-mail.io` → `hotmail.io`) are dropped.
 */
function typoSuggestion(email: string, domain: string, acceptsMail: boolean): string | undefined {
  if (KNOWN_PROVIDERS.has(domain)) return undefined;
  let suggestion: { full: string; domain: string } | undefined;
  try {
    suggestion = suggestEmail({ email, domains: [...KNOWN_PROVIDERS] });
  } catch {
    return undefined;
  }
  if (!suggestion || suggestion.full.toLowerCase() === email) return undefined;
  const target = suggestion.domain.toLowerCase();
  if (KNOWN_PROVIDERS.has(target)) return suggestion.full.toLowerCase();
  if (!acceptsMail && withoutTld(target) === withoutTld(domain)) return suggestion.full.toLowerCase();
  return undefined;
}

export async function verifyEmail(input: string, deps: VerifyDeps): Promise<VerifyResult> {
  const email = normalizeEmail(typeof input === 'string' ? input : '');
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const base = local.split('+')[0];

  const isPlusAddressed = /^[^+]+\+/.test(local);
  const isAlias = ROLE_LOCAL_PARTS.has(base);
  const isPersonalEmail = PERSONAL_DOMAINS.has(domain);
  const isDisposable = domain ? isDisposableDomain(domain) : false;
  const reasons: string[] = [];

  const result: VerifyResult = {
    email,
    valid: false,
    isDisposable,
    isAlias,
    isTypo: false,
    isPlusAddressed,
    isPersonalEmail,
    domainExists: false,
    hasMxRecords: false,
    reasons,
  };

  if (!isValidEmail(email)) {
    reasons.push('Invalid email format');
    return result;
  }

  const dns = await inspectDomain(domain, deps);
  result.domainExists = dns.domainExists;
  result.hasMxRecords = dns.hasMxRecords;

  const suggested = typoSuggestion(email, domain, dns.acceptsMail);
  if (suggested) {
    result.isTypo = true;
    result.suggestedEmail = suggested;
  }

  if (dns.lookupFailed) reasons.push('DNS lookup failed; the domain could not be checked');
  else if (!dns.domainExists) reasons.push('Domain does not exist');
  else if (dns.nullMx) reasons.push('Domain does not accept email (null MX record)');
  else if (!dns.hasMxRecords && dns.acceptsMail) reasons.push('No MX records; mail would go to the domain address (A/AAAA)');
  else if (!dns.hasMxRecords) reasons.push('No MX records found');
  if (isDisposable) reasons.push('Disposable email domain');
  if (suggested) reasons.push(`Possible typo; did you mean ${suggested}?`);
  if (isAlias) reasons.push('Role-based address');
  if (isPlusAddressed) reasons.push('Plus-addressed');

  result.valid = dns.acceptsMail && !dns.nullMx && !isDisposable;
  return result;
}
