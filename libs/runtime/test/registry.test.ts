/** Unit test: the registry checks the descriptors it is given, and derives what the runtime needs. */
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { contracts } from '../../contracts/src';
import { addressVariable, migrationsOf, Registry, type AnyService } from '../src';

const service = (name: string, more: Partial<AnyService> = {}): AnyService =>
  ({
    name,
    httpPort: 9000 + name.length * 7 + name.charCodeAt(0),
    deploy: { about: 'a test service.', size: 'small', scaling: 'cpu' },
    start: async () => ({}),
    ...more,
  }) as AnyService;
const contacts = (more: Partial<AnyService> = {}) => service('contacts', { grpc: { contract: contracts.contacts, port: 50061 }, httpPort: 8061, ...more });
const events = (more: Partial<AnyService> = {}) => service('events', { grpc: { contract: contracts.events, port: 50062 }, httpPort: 8062, ...more });
const problems = (services: AnyService[]) => {
  try {
    new Registry(services);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('Registry', () => {
  it('orders services after the services they call, and the edge after every service whose routes it mounts', () => {
    const edge = service('gateway', { placement: 'edge', httpPort: 8080 });
    const r = new Registry([edge, events({ calls: { contacts: contracts.contacts } }), contacts({ routes: () => [] })]);
    expect(r.select(['all']).map((s) => s.name)).toEqual(['contacts', 'events', 'gateway']);
    expect(r.depsOf(r.get('gateway'))).toEqual(['contacts']);
    expect(r.select(['events']).map((s) => s.name)).toEqual(['events']);
  });

  it('refuses a cycle of calls with a message that names it', () => {
    const message = problems([contacts({ calls: { events: contracts.events } }), events({ calls: { contacts: contracts.contacts } })]);
    expect(message).toContain('services call each other in a cycle: contacts → events → contacts');
  });

  it('names every broken descriptor at once', () => {
    const message = problems([
      contacts(),
      service('contacts', { httpPort: 8099 }),
      events({ httpPort: 8061, calls: { domains: contracts.domains } }),
      service('worker', { routes: () => [] }),
      service('Bad-Name'),
      service('all'),
      service('edge1', { placement: 'edge' }),
      service('edge2', { placement: 'edge' }),
      service('mismatch', { grpc: { contract: contracts.messaging, port: 50070 } }),
    ]);
    expect(message).toContain('two services are named "contacts"');
    expect(message).toMatch(/events \(HTTP\) uses port 8061, as does contacts \(HTTP\)/);
    expect(message).toContain('events calls domains, which no registered service serves');
    expect(message).toContain('worker declares routes but no gRPC API');
    expect(message).toContain('service name "Bad-Name" must be lower-case');
    expect(message).toContain('"all" is a reserved TARGET');
    expect(message).toContain('only one service can be the edge (found edge1, edge2)');
    expect(message).toContain('mismatch serves the contract of "messaging"');
  });

  it('refuses a setting declared twice (by the process and a service, or by two services)', () => {
    const message = problems([contacts({ config: z.object({ PORT: z.string(), SHARED: z.string() }) }), events({ config: z.object({ SHARED: z.string() }) })]);
    expect(message).toContain('PORT is declared by the process and by contacts');
    expect(message).toContain('SHARED is declared by contacts and by events');
  });

  it('finds a service at <NAME>_ADDR, or on its port on this host', () => {
    const r = new Registry([contacts()]);
    expect(addressVariable('contacts')).toBe('CONTACTS_ADDR');
    expect(r.addressOf('contacts', {})).toBe('127.0.0.1:50061');
    expect(r.addressOf('contacts', { CONTACTS_ADDR: 'herald-contacts:50061' })).toBe('herald-contacts:50061');
  });

  it('names the known targets when TARGET names an unknown one', () => {
    const r = new Registry([contacts(), events()]);
    expect(r.checkTargets(['contacts', 'migrate', 'all'])).toBeUndefined();
    expect(r.checkTargets(['contacts', 'nope'])).toBe('Unknown TARGET "nope". Known targets: all, migrate, contacts, events');
  });

  it('gives every service schema the shared tables (outbox with its trace column, inbox, failed events, settings) before its own', () => {
    const own = { id: '001_own', sql: 'SELECT 1' };
    expect(migrationsOf(contacts({ schema: { migrations: [own] } })).map((m) => m.id)).toEqual([
      '000_bus',
      '000_bus_failed_events',
      '000_bus_trace',
      '000_settings',
      '001_own',
    ]);
    expect(migrationsOf(contacts({ schema: { name: 'crm', migrations: [] } }))[0].sql).toContain('"crm".outbox');
  });
});
