import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import type { Agent } from 'undici';
import { checkWebhookUrl, forbiddenAddressKind, ipLiteralOf, webhookMethod, webhookRequestHeaders, webhookSignature } from '../domain/webhook';
import type { WebhookOutcome, WebhookPort } from '../app/ports';

/**
 * The outgoing request of a WEBHOOK step, safe against SSRF: the host is resolved first (every
 * address), refused when any address is private/loopback/link-local/… (unless the deployment
 * allows private targets), and the connection then goes to those vetted addresses only — the
 * socket's lookup is pinned to them, so a second resolution cannot rebind the name elsewhere. TLS
 * SNI, certificate checks and Host stay the name. No redirect is followed. Signed (X-Herald-*),
 * keyed (Idempotency-Key), bounded in time (one deadline over DNS, connect, headers and body) and
 * in what is read back (64 KB, discarded). A network problem is an outcome, never a throw.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name; a failure rejects with node's DNS error codes (ENOTFOUND, ESERVFAIL, ETIMEOUT…). */
export type WebhookLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookSenderOptions {
  /** Deployments whose webhooks reach internal services (WORKFLOW_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** One deadline for the whole request: resolution, connect, headers and body. */
  timeoutMs?: number;
  /** How names are resolved; default the system resolver (dns.lookup, all addresses). */
  lookup?: WebhookLookup;
}

/** The engine's port (app/ports.ts). */
export type WebhookSender = WebhookPort;

/** The most of a response body read (then dropped): a receiver cannot make Herald buffer more. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** "No such name" / "no address for it": asking again will not help. */
const NAME_DOES_NOT_EXIST = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN', 'NODATA']);

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address, in the resolver's order. */
export const systemLookup: WebhookLookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * A lookup through a c-ares Resolver (e.g. dnsResolver(DNS_SERVERS)): A and AAAA together. The
 * name is unknown (ENOTFOUND) only when both say so; any other failure (SERVFAIL, timeout) rejects
 * with its code unless the other family gave addresses.
 */
export function resolverLookup(resolver: { resolve4(name: string): Promise<string[]>; resolve6(name: string): Promise<string[]> }): WebhookLookup {
  return async (hostname) => {
    const [a, aaaa] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses: ResolvedAddress[] = [
      ...(a.status === 'fulfilled' ? a.value.map((address) => ({ address, family: 4 })) : []),
      ...(aaaa.status === 'fulfilled' ? aaaa.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length) return addresses;
    const errors = [a, aaaa].flatMap((r) => (r.status === 'rejected' ? [r.reason as NodeJS.ErrnoException] : []));
    const hard = errors.find((e) => !NAME_DOES_NOT_EXIST.has(e.code ?? ''));
    if (hard) throw hard;
    if (errors.some((e) => e.code === 'ENOTFOUND')) throw errors.find((e) => e.code === 'ENOTFOUND');
    throw Object.assign(new Error(`${hostname} has no A or AAAA record`), { code: 'ENODATA' });
  };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that answers the vetted addresses whatever it is asked (pinning the connection). */
function pinnedLookup(addresses: ResolvedAddress[]) {
  return (_hostname: string, options: { all?: boolean; family?: number | string } | undefined, callback: LookupCallback) => {
    const want = options?.family === 4 || options?.family === 'IPv4' ? 4 : options?.family === 6 || options?.family === 'IPv6' ? 6 : 0;
    const list = want ? addresses.filter((a) => a.family === want) : addresses;
    if (!list.length) {
      callback(Object.assign(new Error(`no IPv${want} address among the vetted ones`), { code: 'ENOTFOUND' }), '', undefined);
    } else if (options?.all) {
      callback(
        null,
        list.map((a) => ({ address: a.address, family: a.family })),
      );
    } else {
      callback(null, list[0]!.address, list[0]!.family);
    }
  };
}

const fail = (retry: boolean, reason: string, status?: number): WebhookOutcome =>
  status === undefined ? { ok: false, retry, reason } : { ok: false, retry, status, reason };

function outcomeOfStatus(status: number, location: string | string[] | undefined): WebhookOutcome {
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400) {
    const to = typeof location === 'string' ? ` to ${location.slice(0, 200)}` : '';
    return fail(false, `redirect (HTTP ${status})${to} not followed: configure the final URL`, status);
  }
  if (status === 408 || status === 429 || (status >= 500 && status < 600)) return fail(true, `HTTP ${status}`, status);
  return fail(false, `HTTP ${status}`, status);
}

/** Reads at most `max` bytes of a response body and drops them (an error while reading changes nothing). */
async function drain(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }, max: number) {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.length;
      if (read >= max) break;
    }
  } catch {
    // the deadline or the receiver cut it short: the status has already decided
  } finally {
    body.destroy();
  }
}

class Deadline extends Error {}

/** `work`, or a rejection as soon as `signal` aborts (a lookup cannot be cancelled, only left behind). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

export function webhookSender({ allowPrivate, timeoutMs = 10_000, lookup = systemLookup }: WebhookSenderOptions): WebhookSender {
  return {
    async send(req) {
      const problem = checkWebhookUrl(req.url, allowPrivate);
      if (problem) return fail(false, problem);
      const url = new URL(req.url.trim());
      const method = webhookMethod(req.method);
      if (!method) return fail(false, `The method ${String(req.method)} is not supported for webhooks`);

      // Loaded at the first webhook: undici is some 100 modules a process without webhooks never needs.
      const { Agent, request } = require('undici') as typeof import('undici');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Deadline()), timeoutMs);
      const timedOut = () => fail(true, `timed out after ${timeoutMs} ms`);
      let agent: Agent | undefined;
      try {
        // 1. Every address of the name, each vetted (an IP literal was vetted by checkWebhookUrl).
        const literal = ipLiteralOf(url.hostname);
        let addresses: ResolvedAddress[];
        if (literal) {
          addresses = [{ address: literal, family: net.isIP(literal) }];
        } else {
          try {
            addresses = await untilAborted(lookup(url.hostname), controller.signal);
          } catch (err) {
            if (controller.signal.aborted) return timedOut();
            const code = (err as NodeJS.ErrnoException).code ?? '';
            if (NAME_DOES_NOT_EXIST.has(code)) return fail(false, `${url.hostname} does not resolve (${code})`);
            return fail(true, `resolving ${url.hostname} failed (${code || (err as Error).message})`);
          }
          addresses = addresses.filter((a) => net.isIP(a.address)).map((a) => ({ address: a.address, family: net.isIP(a.address) }));
          if (!addresses.length) return fail(false, `${url.hostname} has no address`);
          if (!allowPrivate) {
            for (const a of addresses) {
              const kind = forbiddenAddressKind(a.address);
              if (kind)
                return fail(
                  false,
                  `${url.hostname} resolves to ${a.address}, ${/^[aeiouAEIOU]/.test(kind) ? 'an' : 'a'} ${kind} address, which this deployment does not allow`,
                );
            }
          }
        }

        // 2. The request, over a connection to those addresses only.
        const body = req.body;
        const timestamp = Math.floor(Date.now() / 1000);
        const headers = webhookRequestHeaders(req.headers, {
          signature: webhookSignature(req.secret, timestamp, body ?? ''),
          timestampSeconds: timestamp,
          idempotencyKey: req.idempotencyKey,
          hasBody: body !== undefined,
        });
        agent = new Agent({
          connect: { lookup: pinnedLookup(addresses) as never, timeout: timeoutMs },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          connections: 1,
        });
        const res = await request(url, { dispatcher: agent, method, headers, body, signal: controller.signal });
        const outcome = outcomeOfStatus(res.statusCode, res.headers.location);
        await drain(res.body, MAX_RESPONSE_BYTES);
        return outcome;
      } catch (err) {
        if (controller.signal.aborted) return timedOut();
        const e = err as NodeJS.ErrnoException;
        if (e.code === 'UND_ERR_INVALID_ARG') return fail(false, `the request could not be made: ${e.message}`);
        return fail(true, `${e.code ? `${e.code}: ` : ''}${e.message || 'network error'}`);
      } finally {
        clearTimeout(timer);
        if (agent) await agent.destroy().catch(() => undefined);
      }
    },
  };
}
