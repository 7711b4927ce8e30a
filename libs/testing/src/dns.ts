import dns2 from 'dns2';
import { freePort } from './infra';

const { Packet } = dns2;
/** dns2's RCODE table (present at runtime, missing from its typings). */
const RCODE = (Packet as unknown as { RCODE: Record<'NOERROR' | 'SERVFAIL' | 'NXDOMAIN' | 'REFUSED', number> }).RCODE;

export type DnsRecordType = 'TXT' | 'MX' | 'A' | 'AAAA' | 'CNAME';
/** A TXT value: one string (split into 255-byte character-strings as DNS requires) or explicit chunks. */
export type TxtValue = string | string[];
export interface MxValue {
  exchange: string;
  priority: number;
}
/** How a name fails: an error code, or no answer at all (the client times out). */
export type DnsFailure = 'SERVFAIL' | 'REFUSED' | 'TIMEOUT';

const norm = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

function chunk(s: string): string[] {
  const buf = Buffer.from(s, 'utf8');
  if (buf.length <= 255) return [s];
  const out: string[] = [];
  for (let i = 0; i < buf.length; i += 255) out.push(buf.subarray(i, i + 255).toString('utf8'));
  return out;
}

/**
 * An authoritative DNS server on 127.0.0.1 (UDP and TCP on one random port) serving what a test
 * sets, for code that resolves through `DNS_SERVERS=127.0.0.1:<port>` (node's Resolver#setServers).
 *
 *   const dns = await DnsTestServer.start();
 *   dns.set('sel._domainkey.example.test', 'TXT', ['v=DKIM1; k=rsa; p=…']);
 *   dns.set('hm.example.test', 'MX', [{ exchange: 'mx.example.net', priority: 10 }]);
 *   … env DNS_SERVERS: dns.server …
 *   await dns.close();
 *
 * A name with no records at all answers NXDOMAIN; a known name asked for another type answers
 * NOERROR with no records (NODATA). `fail(name, …)` makes a name answer SERVFAIL/REFUSED or nothing.
 */
export class DnsTestServer {
  readonly address = '127.0.0.1';
  /** Every question received, as `<name> <TYPE>` (handy when a test wonders what was asked). */
  readonly queries: string[] = [];
  private zones = new Map<string, Map<DnsRecordType, unknown[]>>();
  private failures = new Map<string, DnsFailure>();

  private constructor(
    private readonly dns: ReturnType<typeof dns2.createServer>,
    readonly port: number,
  ) {}

  /** Starts a server on a free port (retrying when UDP or TCP happens to be taken). */
  static async start(): Promise<DnsTestServer> {
    let lastErr: unknown;
    for (let attempt = 0; attempt < 10; attempt++) {
      const port = await freePort();
      let self: DnsTestServer | undefined;
      const server = dns2.createServer({
        udp: true,
        tcp: true,
        handle: (request, send) => self?.answer(request, send),
      });
      self = new DnsTestServer(server, port);
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } }).then(() => {
            server.off('error', reject);
            resolve();
          }, reject);
        });
        server.on('error', () => undefined);
        return self;
      } catch (err) {
        lastErr = err;
        const servers = (server as unknown as { servers: Record<string, { close(): void }> }).servers;
        for (const s of Object.values(servers)) {
          try {
            s.close();
          } catch {
            /* never bound */
          }
        }
      }
    }
    throw new Error(`DNS test server could not bind: ${(lastErr as Error)?.message}`);
  }

  /** `host:port`, the value for DNS_SERVERS. */
  get server() {
    return `${this.address}:${this.port}`;
  }

  /** Replaces the records of one type at a name; an empty list removes them. */
  set(name: string, type: 'TXT', values: TxtValue[]): this;
  set(name: string, type: 'MX', values: MxValue[]): this;
  set(name: string, type: 'A' | 'AAAA' | 'CNAME', values: string[]): this;
  set(name: string, type: DnsRecordType, values: unknown[]): this {
    const n = norm(name);
    const zone = this.zones.get(n) ?? new Map<DnsRecordType, unknown[]>();
    if (values.length) zone.set(type, [...values]);
    else zone.delete(type);
    if (zone.size) this.zones.set(n, zone);
    else this.zones.delete(n);
    return this;
  }

  /** Removes one type at a name, or the whole name. */
  delete(name: string, type?: DnsRecordType): this {
    const n = norm(name);
    if (type) this.zones.get(n)?.delete(type);
    if (!type || this.zones.get(n)?.size === 0) this.zones.delete(n);
    return this;
  }

  /** Makes a name fail (undefined restores it). */
  fail(name: string, how: DnsFailure | undefined): this {
    if (how) this.failures.set(norm(name), how);
    else this.failures.delete(norm(name));
    return this;
  }

  clear(): this {
    this.zones.clear();
    this.failures.clear();
    this.queries.length = 0;
    return this;
  }

  async close() {
    await this.dns.close();
  }

  private answer(request: InstanceType<typeof Packet>, send: (response: InstanceType<typeof Packet>) => unknown) {
    const response = Packet.createResponseFromRequest(request);
    (response.header as { aa?: number }).aa = 1;
    const [question] = request.questions;
    if (!question) return send(response);
    const name = norm(question.name);
    const typeName = (Object.keys(Packet.TYPE) as Array<keyof typeof Packet.TYPE>).find((k) => Packet.TYPE[k] === question.type) ?? String(question.type);
    this.queries.push(`${name} ${typeName}`);

    const failure = this.failures.get(name);
    if (failure === 'TIMEOUT') return; // never answer
    if (failure) {
      response.header.rcode = RCODE[failure];
      return send(response);
    }
    const zone = this.zones.get(name);
    if (!zone) {
      response.header.rcode = RCODE.NXDOMAIN;
      return send(response);
    }
    const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
    const values = zone.get(typeName as DnsRecordType) ?? [];
    for (const v of values) {
      switch (typeName) {
        case 'TXT':
          response.answers.push({ ...base, type: Packet.TYPE.TXT, data: Array.isArray(v) ? v : chunk(v as string) } as never);
          break;
        case 'MX':
          response.answers.push({ ...base, type: Packet.TYPE.MX, exchange: (v as MxValue).exchange, priority: (v as MxValue).priority } as never);
          break;
        case 'A':
        case 'AAAA':
          response.answers.push({ ...base, type: Packet.TYPE[typeName], address: v as string } as never);
          break;
        case 'CNAME':
          response.answers.push({ ...base, type: Packet.TYPE.CNAME, domain: v as string } as never);
          break;
      }
    }
    return send(response);
  }
}
