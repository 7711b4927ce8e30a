import net from 'node:net';

/**
 * The exit status of a process whose port was taken between being handed out and being bound
 * (sysexits' EX_TEMPFAIL): the split launcher starts its processes again on other ports.
 */
export const EXIT_PORT_TAKEN = 75;

/** A server could not bind its port: something else listens there, or holds it. */
export class PortTaken extends Error {
  constructor(
    readonly port: number,
    readonly protocol: 'HTTP' | 'gRPC',
    readonly host: string,
  ) {
    super(`${protocol} port ${port} is in use on ${host}`);
  }
}

/** Whether an error from listen/bind says the address is in use (Node's code, or grpc-js's message). */
export const addressInUse = (err: unknown) =>
  (err as NodeJS.ErrnoException)?.code === 'EADDRINUSE' || /EADDRINUSE/.test(String((err as Error)?.message ?? err));

/**
 * Whether a server could listen on `port` at `host` now (nothing else listens there). A moment
 * later it may be taken: whoever binds it next still handles EADDRINUSE.
 */
export function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on at `host`, chosen by the system (as listen(0) does), other than those in `avoid`. */
export async function anyFreePort(host: string, avoid: ReadonlySet<number> = new Set()): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen({ port: 0, host, exclusive: true }, () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    if (!avoid.has(port)) return port;
  }
  throw new Error(`found no free port on ${host}`);
}
