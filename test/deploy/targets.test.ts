/**
 * The deployment artifacts cover exactly the targets the runtime knows: TARGETS (helpers.ts)
 * equals the keys of the registry `TARGET=` is resolved against, and every gRPC service's
 * ports and address variable (libs/contracts SERVICES) are the ones the manifests and compose
 * use. A new entry in services/all/src/modules.ts fails here until it is deployed everywhere.
 */
import { SERVICES } from '../../libs/contracts/src';
import { registry } from '../../services/all/src/modules';
import { K8sObject, TARGETS, envOf, find, podSpec, readYaml, render } from './helpers';

test('TARGETS is exactly the set of runtime targets (services/all/src/modules.ts registry)', () => {
  expect([...TARGETS].sort()).toEqual(Object.keys(registry).sort());
  expect(new Set(TARGETS).size).toBe(TARGETS.length);
});

test('every gRPC service in libs/contracts SERVICES is a target', () => {
  expect(Object.keys(SERVICES).filter((s) => !TARGETS.includes(s))).toEqual([]);
});

describe.each(Object.entries(SERVICES))('service %s uses its contract ports and address variable', (name, svc) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render('deploy/overlays/microservices');
  });

  test('Kubernetes: PORT/GRPC_PORT, container ports, Service ports and herald-peers', () => {
    const d = find(objects, 'Deployment', `herald-${name}`)!;
    const c = podSpec(d).containers[0];
    const env = envOf(c);
    expect({ PORT: Number(env.PORT), GRPC_PORT: Number(env.GRPC_PORT) }).toEqual({ PORT: svc.httpPort, GRPC_PORT: svc.grpcPort });
    const ports = Object.fromEntries(c.ports.map((p: any) => [p.name, p.containerPort]));
    expect(ports).toEqual({ http: svc.httpPort, grpc: svc.grpcPort });
    const service = find(objects, 'Service', `herald-${name}`)!;
    expect(Object.fromEntries(service.spec.ports.map((p: any) => [p.name, p.port]))).toEqual({ http: svc.httpPort, grpc: svc.grpcPort });
    const peers = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('herald-peers'))!;
    expect(peers.data[svc.addrVar]).toBe(`herald-${name}:${svc.grpcPort}`);
  });

  test('docker compose (profile micro): PORT/GRPC_PORT and the shared peer address', () => {
    const services: Record<string, any> = readYaml('docker-compose.yml', true).services;
    const s = services[`herald-${name}`];
    expect(s).toBeDefined();
    expect(s.environment).toMatchObject({ TARGET: name, PORT: String(svc.httpPort), GRPC_PORT: String(svc.grpcPort) });
    expect(s.environment[svc.addrVar]).toBe(`herald-${name}:${svc.grpcPort}`);
  });
});
