/**
 * Every registered service (services/all/src/services.ts) is deployed with the ports and address
 * variable its descriptor declares: a Deployment, Service and peer address in the microservices
 * overlay, and a container in docker compose's `micro` profile. A new service fails here until it
 * is deployed everywhere.
 */
import { addressVariable } from '../../libs/runtime/src';
import { registry } from '../../services/all/src/registry';
import { K8sObject, envOf, find, podSpec, readText, readYaml, render } from './helpers';

describe.each(registry.services.map((s) => [s.name, s] as const))('service %s is deployed as its descriptor says', (name, svc) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render('deploy/overlays/microservices');
  });
  const listeners: Record<string, { port: number; setting: string }> = svc.listeners ?? {};
  const listenerPorts = Object.fromEntries(Object.entries(listeners).map(([k, l]) => [k, l.port]));
  const ports = svc.grpc ? { http: svc.httpPort, grpc: svc.grpc.port } : { http: svc.httpPort };

  test('Kubernetes: PORT/GRPC_PORT, container ports, Service ports and herald-peers', () => {
    const d = find(objects, 'Deployment', `herald-${name}`);
    expect(d).toBeDefined();
    const c = podSpec(d!).containers[0];
    const env = envOf(c);
    expect(env.TARGET).toBe(name);
    expect(Number(env.PORT)).toBe(svc.httpPort);
    expect(env.GRPC_PORT === undefined ? undefined : Number(env.GRPC_PORT)).toBe(svc.grpc?.port);
    expect(Object.fromEntries(c.ports.map((p: any) => [p.name, p.containerPort]))).toEqual({ ...ports, ...listenerPorts });
    const service = find(objects, 'Service', `herald-${name}`)!;
    expect(Object.fromEntries(service.spec.ports.map((p: any) => [p.name, p.port]))).toEqual(ports);
    // Each listener: its setting names its port, and a Service of its own reaches it.
    for (const [key, l] of Object.entries(listeners)) {
      expect(env[l.setting]).toBe(String(l.port));
      const own = find(objects, 'Service', `herald-${name}-${key}`);
      expect(own?.spec.ports.map((p: any) => p.targetPort)).toEqual([key]);
    }
    const peers = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('herald-peers'))!;
    expect(peers.data[addressVariable(name)]).toBe(svc.grpc ? `herald-${name}:${svc.grpc.port}` : undefined);
  });

  test('docker compose (profile micro): TARGET, PORT/GRPC_PORT and the shared peer address', () => {
    const services: Record<string, any> = readYaml('docker-compose.yml', true).services;
    const s = services[`herald-${name}`];
    expect(s).toBeDefined();
    expect(s.environment).toMatchObject({ TARGET: name, PORT: String(svc.httpPort), ...(svc.grpc ? { GRPC_PORT: String(svc.grpc.port) } : {}) });
    expect(s.environment[addressVariable(name)]).toBe(svc.grpc ? `herald-${name}:${svc.grpc.port}` : undefined);
    for (const l of Object.values(listeners)) {
      expect(s.environment[l.setting]).toBe(String(l.port));
      expect((s.ports ?? []).some((p: string) => p.endsWith(`:${l.port}`))).toBe(true);
    }
  });

  test('the image exposes its ports', () => {
    const exposed = /^EXPOSE (.+)$/m.exec(readText('Dockerfile'))![1].split(/\s+/);
    const covered = (p: number) => exposed.some((e) => (e.includes('-') ? p >= Number(e.split('-')[0]) && p <= Number(e.split('-')[1]) : Number(e) === p));
    for (const p of [...Object.values(ports), ...Object.values(listenerPorts)]) expect(covered(p)).toBe(true);
  });
});
