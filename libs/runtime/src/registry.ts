import { checkSlices, type SettingsSlice } from '../../kit/src';
import type { AnyService, Placement } from './service';

/** `contacts` → `CONTACTS_ADDR`: where other processes reach a service's gRPC API. */
export const addressVariable = (service: string) => `${service.toUpperCase()}_ADDR`;

/**
 * Every service a Herald process can run, checked once when the registry is made (a broken
 * descriptor is a startup error naming it, never a surprise at the first call). What the runtime,
 * the split launcher and the tests need of the services is derived here.
 */
export class Registry {
  readonly services: readonly AnyService[];
  private readonly byName = new Map<string, AnyService>();
  /** The service serving each contract, by contract name. */
  private readonly providers = new Map<string, AnyService>();

  constructor(services: AnyService[]) {
    this.services = [...services].sort((a, b) => a.name.localeCompare(b.name));
    const problems: string[] = [];
    const ports = new Map<number, string>();
    const port = (p: number, what: string) => {
      const other = ports.get(p);
      if (other) problems.push(`${what} uses port ${p}, as does ${other}`);
      ports.set(p, what);
    };
    for (const s of this.services) {
      if (!/^[a-z][a-z0-9]*$/.test(s.name))
        problems.push(`service name "${s.name}" must be lower-case letters and digits (it is a TARGET and a variable prefix)`);
      if (['all', 'migrate'].includes(s.name)) problems.push(`"${s.name}" is a reserved TARGET`);
      if (this.byName.has(s.name)) problems.push(`two services are named "${s.name}"`);
      this.byName.set(s.name, s);
      port(s.httpPort, `${s.name} (HTTP)`);
      if (s.grpc) {
        port(s.grpc.port, `${s.name} (gRPC)`);
        if (s.grpc.contract.name !== s.name) problems.push(`${s.name} serves the contract of "${s.grpc.contract.name}" (protos/${s.name}/ is its own)`);
        this.providers.set(s.grpc.contract.name, s);
      }
      if (s.routes && !s.grpc) problems.push(`${s.name} declares routes but no gRPC API for the edge to call`);
    }
    const edges = this.services.filter((s) => s.placement === 'edge');
    if (edges.length > 1) problems.push(`only one service can be the edge (found ${edges.map((s) => s.name).join(', ')})`);
    for (const s of this.services) {
      for (const c of Object.values(s.calls ?? {}) as Array<{ name: string }>) {
        if (!this.providers.has(c.name)) problems.push(`${s.name} calls ${c.name}, which no registered service serves`);
      }
    }
    problems.push(...checkSlices(this.services.filter((s) => s.config).map((s) => ({ owner: s.name, slice: s.config as SettingsSlice }))));
    if (problems.length === 0) {
      const cycle = this.findCycle();
      if (cycle) problems.push(`services call each other in a cycle: ${cycle.join(' → ')}`);
    }
    if (problems.length) throw new Error(`Invalid service registry:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }

  names(): string[] {
    return this.services.map((s) => s.name);
  }

  has(name: string) {
    return this.byName.has(name);
  }

  get(name: string): AnyService {
    const s = this.byName.get(name);
    if (!s) throw new Error(`Unknown service "${name}"`);
    return s;
  }

  /** The services a service calls: its `calls`, and for the edge every service whose routes it mounts. */
  depsOf(s: AnyService): string[] {
    const called = (Object.values(s.calls ?? {}) as Array<{ name: string }>).map((c) => this.providers.get(c.name)!.name);
    const routed = s.placement === 'edge' ? this.services.filter((o) => o.routes && o !== s).map((o) => o.name) : [];
    return [...new Set([...called, ...routed])];
  }

  /** `services` in start order: each after the services it calls (when they share the process). */
  order(services: AnyService[]): AnyService[] {
    const out: AnyService[] = [];
    const visit = (s: AnyService) => {
      if (out.includes(s)) return;
      for (const d of this.depsOf(s)) {
        const dep = services.find((c) => c.name === d);
        if (dep) visit(dep);
      }
      out.push(s);
    };
    services.forEach(visit);
    return out;
  }

  /** Where a service's gRPC API is: `<NAME>_ADDR`, else its port on this host. */
  addressOf(name: string, env: NodeJS.ProcessEnv): string {
    const s = this.get(name);
    if (!s.grpc) throw new Error(`${name} has no gRPC API`);
    return env[addressVariable(name)] || `127.0.0.1:${s.grpc.port}`;
  }

  /** The settings slices of these services. */
  slicesOf(services: readonly AnyService[]): SettingsSlice[] {
    return services.flatMap((s) => (s.config ? [s.config as SettingsSlice] : []));
  }

  /** An error message naming the unknown targets, or undefined when every TARGET exists. */
  checkTargets(targets: string[]): string | undefined {
    const unknown = targets.filter((t) => t !== 'all' && t !== 'migrate' && !this.byName.has(t));
    return unknown.length ? `Unknown TARGET "${unknown.join(',')}". Known targets: all, migrate, ${this.names().join(', ')}` : undefined;
  }

  /**
   * The services a TARGET list runs (`all` and `migrate`: every one), in start order; with a
   * thread of all-in-one, those placed on it (the edge on its thread, every other service,
   * with a gRPC API or not, on the services thread).
   */
  select(targets: string[], thread?: Placement): AnyService[] {
    const every = targets.includes('all') || targets.includes('migrate');
    const chosen = this.order(every ? [...this.services] : targets.map((t) => this.get(t)));
    return thread ? chosen.filter((s) => (s.placement ?? 'services') === thread) : chosen;
  }

  /** A path of calls that comes back to where it started, or undefined. */
  private findCycle(): string[] | undefined {
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (name: string): string[] | undefined => {
      if (state.get(name) === 'done') return undefined;
      if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
      state.set(name, 'open');
      path.push(name);
      for (const d of this.depsOf(this.get(name))) {
        const found = visit(d);
        if (found) return found;
      }
      path.pop();
      state.set(name, 'done');
      return undefined;
    };
    for (const s of this.services) {
      const found = visit(s.name);
      if (found) return found;
    }
    return undefined;
  }
}
