/**
 * Renders every kustomize overlay with `kubectl kustomize` and checks what it emits:
 * schema validity, probes, resources, non-root and hardened containers, pinned images,
 * references that resolve, and one Deployment per target in the microservices overlay.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  K8sObject,
  OVERLAYS,
  ROOT,
  SECRET_KEYS,
  SENDING_QUEUES,
  SENDING_TARGET,
  TARGETS,
  IMAGE_NAME,
  allContainers,
  byKind,
  envOf,
  find,
  hostPort,
  id,
  imageName,
  imageTag,
  isHerald,
  packageVersion,
  podSpec,
  podTemplateLabels,
  render,
  selects,
  validate,
  workloads,
} from './helpers';

const overlayDir = (o: string) => `deploy/overlays/${o}`;

/** Names of ConfigMaps a container reads (envFrom and env valueFrom). */
function configMapRefs(c: any): string[] {
  return [
    ...(c.envFrom ?? []).filter((e: any) => e.configMapRef).map((e: any) => e.configMapRef.name),
    ...(c.env ?? []).filter((e: any) => e.valueFrom?.configMapKeyRef).map((e: any) => e.valueFrom.configMapKeyRef.name),
  ];
}
function secretRefs(c: any): string[] {
  return [
    ...(c.envFrom ?? []).filter((e: any) => e.secretRef).map((e: any) => e.secretRef.name),
    ...(c.env ?? []).filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => e.valueFrom.secretKeyRef.name),
  ];
}

/** The Herald Deployment of a target, found by its TARGET env (not by name). */
function deploymentsByTarget(objects: K8sObject[]): Map<string, K8sObject[]> {
  const m = new Map<string, K8sObject[]>();
  for (const d of byKind(objects, 'Deployment').filter(isHerald)) {
    for (const c of podSpec(d).containers) {
      const t = envOf(c).TARGET;
      if (t) m.set(t, [...(m.get(t) ?? []), d]);
    }
  }
  return m;
}

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlayDir(overlay));
  });

  test('renders, with unique kind/name pairs', () => {
    expect(objects.length).toBeGreaterThan(0);
    const ids = objects.map(id);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
  });

  test('every object is valid against the Kubernetes schemas (or a known CRD check)', () => {
    const problems = objects.flatMap((o) => validate(o).map((e) => `${id(o)}: ${e}`));
    expect(problems).toEqual([]);
  });

  test('every long-running container has readiness and liveness probes', () => {
    const missing: string[] = [];
    for (const w of workloads(objects).filter((o) => ['Deployment', 'StatefulSet', 'DaemonSet'].includes(o.kind))) {
      for (const c of podSpec(w).containers) {
        if (!c.readinessProbe) missing.push(`${id(w)}/${c.name}: readinessProbe`);
        if (!c.livenessProbe) missing.push(`${id(w)}/${c.name}: livenessProbe`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('every container has cpu and memory requests and limits', () => {
    const missing: string[] = [];
    for (const w of workloads(objects)) {
      for (const c of allContainers(podSpec(w))) {
        for (const kind of ['requests', 'limits']) {
          for (const res of ['cpu', 'memory']) {
            if (c.resources?.[kind]?.[res] === undefined) missing.push(`${id(w)}/${c.name}: resources.${kind}.${res}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('no container runs as root', () => {
    const bad: string[] = [];
    for (const w of workloads(objects)) {
      const pod = podSpec(w);
      if (pod.hostPID || pod.hostNetwork || pod.hostIPC) bad.push(`${id(w)}: host namespaces`);
      for (const c of allContainers(pod)) {
        const sc = { ...(pod.securityContext ?? {}), ...(c.securityContext ?? {}) };
        if (sc.runAsNonRoot !== true) bad.push(`${id(w)}/${c.name}: runAsNonRoot is not true`);
        if (!Number.isInteger(sc.runAsUser) || sc.runAsUser === 0) bad.push(`${id(w)}/${c.name}: runAsUser ${sc.runAsUser}`);
        if (c.securityContext?.privileged) bad.push(`${id(w)}/${c.name}: privileged`);
        if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(`${id(w)}/${c.name}: allowPrivilegeEscalation`);
        if (!(c.securityContext?.capabilities?.drop ?? []).includes('ALL')) bad.push(`${id(w)}/${c.name}: capabilities not dropped`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('Herald containers are hardened: read-only root fs, RuntimeDefault seccomp, writable /tmp, no API token', () => {
    const bad: string[] = [];
    const heraldWorkloads = workloads(objects).filter(isHerald);
    expect(heraldWorkloads.length).toBeGreaterThan(0);
    for (const w of heraldWorkloads) {
      const pod = podSpec(w);
      if (pod.automountServiceAccountToken !== false) bad.push(`${id(w)}: automountServiceAccountToken`);
      for (const c of allContainers(pod)) {
        if (c.securityContext?.readOnlyRootFilesystem !== true) bad.push(`${id(w)}/${c.name}: readOnlyRootFilesystem`);
        const seccomp = c.securityContext?.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
        if (seccomp !== 'RuntimeDefault') bad.push(`${id(w)}/${c.name}: seccomp ${seccomp}`);
        if (!(c.volumeMounts ?? []).some((m: any) => m.mountPath === '/tmp')) bad.push(`${id(w)}/${c.name}: no writable /tmp`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('images are pinned: an explicit tag that is not latest; Herald runs the package version', () => {
    const bad: string[] = [];
    for (const w of workloads(objects)) {
      for (const c of allContainers(podSpec(w))) {
        const tag = imageTag(c.image);
        if (!tag || tag === 'latest') bad.push(`${id(w)}/${c.name}: ${c.image}`);
        if (isHerald(w) && c.image !== `${IMAGE_NAME}:${packageVersion()}`) bad.push(`${id(w)}/${c.name}: ${c.image} is not herald:${packageVersion()}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('probes and Service target ports name real container ports', () => {
    const bad: string[] = [];
    const portsOf = (c: any) => new Set<string | number>((c.ports ?? []).flatMap((p: any) => [p.name, p.containerPort]));
    for (const w of workloads(objects)) {
      for (const c of podSpec(w).containers) {
        for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
          const p = c[probe]?.httpGet?.port ?? c[probe]?.grpc?.port ?? c[probe]?.tcpSocket?.port;
          if (p !== undefined && !portsOf(c).has(p)) bad.push(`${id(w)}/${c.name}: ${probe} port ${p}`);
        }
      }
    }
    for (const svc of byKind(objects, 'Service')) {
      const backends = workloads(objects).filter((w) => selects(svc.spec.selector, podTemplateLabels(w)));
      if (backends.length === 0) {
        bad.push(`${id(svc)}: selects no workload`);
        continue;
      }
      for (const port of svc.spec.ports) {
        const target = port.targetPort ?? port.port;
        for (const b of backends) {
          if (!podSpec(b).containers.some((c: any) => portsOf(c).has(target))) bad.push(`${id(svc)}: targetPort ${target} not in ${id(b)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  test('Herald reads settings from the herald-config ConfigMap and credentials from the herald-secrets Secret', () => {
    const bad: string[] = [];
    const configMaps = byKind(objects, 'ConfigMap');
    for (const w of workloads(objects).filter(isHerald)) {
      for (const c of podSpec(w).containers) {
        const cms = configMapRefs(c);
        if (!cms.some((n) => n.startsWith('herald-config'))) bad.push(`${id(w)}/${c.name}: no herald-config`);
        if (!secretRefs(c).some((n) => n.startsWith('herald-secrets'))) bad.push(`${id(w)}/${c.name}: no herald-secrets`);
        for (const n of cms) if (!find(objects, 'ConfigMap', n)) bad.push(`${id(w)}/${c.name}: ConfigMap ${n} is not rendered`);
        for (const k of SECRET_KEYS) if (k in envOf(c)) bad.push(`${id(w)}/${c.name}: ${k} as a literal env`);
      }
    }
    for (const cm of configMaps) {
      for (const k of SECRET_KEYS) if (k in (cm.data ?? {})) bad.push(`${id(cm)}: holds ${k}`);
    }
    expect(bad).toEqual([]);
  });

  test('every ServiceAccount a pod uses exists, and every Secret it reads exists (dev) or is left to the operator', () => {
    const bad: string[] = [];
    const secretsShipped = byKind(objects, 'Secret');
    for (const w of workloads(objects)) {
      const sa = podSpec(w).serviceAccountName;
      if (isHerald(w) && !sa) bad.push(`${id(w)}: no serviceAccountName`);
      if (sa && !find(objects, 'ServiceAccount', sa)) bad.push(`${id(w)}: ServiceAccount ${sa} missing`);
      for (const c of allContainers(podSpec(w))) {
        for (const s of secretRefs(c)) {
          if (overlay === 'dev' && !find(objects, 'Secret', s)) bad.push(`${id(w)}: Secret ${s} missing`);
          if (overlay !== 'dev' && s !== 'herald-secrets') bad.push(`${id(w)}: Secret ${s} is not the documented herald-secrets`);
        }
      }
    }
    // Production overlays never carry credentials.
    if (overlay !== 'dev') expect(secretsShipped.map(id)).toEqual([]);
    expect(bad).toEqual([]);
  });

  test('a migration Job applies every migration with TARGET=migrate and does not restart forever', () => {
    const jobs = byKind(objects, 'Job').filter((j) => podSpec(j).containers.some((c: any) => envOf(c).TARGET === 'migrate'));
    expect(jobs.map(id)).toEqual(['Job/herald-migrate']);
    const job = jobs[0];
    expect(['Never', 'OnFailure']).toContain(podSpec(job).restartPolicy);
    expect(job.spec.backoffLimit).toBeGreaterThan(0);
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
  });

  test('HPAs, PDBs and NetworkPolicies point at Herald pods that exist', () => {
    const bad: string[] = [];
    const herald = byKind(objects, 'Deployment').filter(isHerald);
    for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
      const ref = hpa.spec.scaleTargetRef;
      const d = find(objects, ref.kind, ref.name);
      if (!d) bad.push(`${id(hpa)}: target ${ref.kind}/${ref.name} missing`);
      if (hpa.spec.minReplicas > hpa.spec.maxReplicas) bad.push(`${id(hpa)}: minReplicas > maxReplicas`);
      if (d?.spec.replicas !== undefined) bad.push(`${id(d!)}: sets replicas although ${id(hpa)} owns them`);
      if (!podSpec(d ?? ({} as any))?.containers?.every((c: any) => c.resources?.requests?.cpu)) bad.push(`${id(hpa)}: target has no cpu requests`);
    }
    for (const pdb of byKind(objects, 'PodDisruptionBudget')) {
      if (!herald.some((d) => selects(pdb.spec.selector.matchLabels, podTemplateLabels(d)))) bad.push(`${id(pdb)}: selects no Deployment`);
    }
    for (const np of byKind(objects, 'NetworkPolicy')) {
      if (!herald.some((d) => selects(np.spec.podSelector.matchLabels, podTemplateLabels(d)))) bad.push(`${id(np)}: selects no Herald pod`);
    }
    expect(bad).toEqual([]);
    expect(byKind(objects, 'NetworkPolicy').length).toBeGreaterThan(0);
  });

  test('no Deployment has two autoscalers (a CPU HPA and a KEDA ScaledObject would fight)', () => {
    const owners = new Map<string, string[]>();
    for (const o of [...byKind(objects, 'HorizontalPodAutoscaler'), ...byKind(objects, 'ScaledObject')]) {
      const name = `${o.spec.scaleTargetRef.kind ?? 'Deployment'}/${o.spec.scaleTargetRef.name}`;
      owners.set(name, [...(owners.get(name) ?? []), id(o)]);
    }
    expect([...owners].filter(([, v]) => v.length > 1)).toEqual([]);
  });
});

describe('microservices overlay', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlayDir('microservices'));
  });

  test.each(TARGETS)('target %s has its own Deployment, Service and ServiceAccount', (target) => {
    const deployments = deploymentsByTarget(objects).get(target) ?? [];
    expect(deployments.map(id)).toEqual([`Deployment/herald-${target}`]);
    const d = deployments[0];
    expect(find(objects, 'ServiceAccount', podSpec(d).serviceAccountName)).toBeDefined();
    expect(byKind(objects, 'Service').some((s) => selects(s.spec.selector, podTemplateLabels(d)))).toBe(true);
    const c = podSpec(d).containers[0];
    // The HTTP server listens on PORT; the probes and the container port agree with it.
    const http = c.ports.find((p: any) => p.name === 'http');
    expect(Number(envOf(c).PORT)).toBe(http.containerPort);
    expect(c.readinessProbe.httpGet.path).toBe('/readyz');
    expect(c.livenessProbe.httpGet.path).toBe('/healthz');
  });

  test('runs only known targets, and never TARGET=all', () => {
    const targets = [...deploymentsByTarget(objects).keys()];
    expect(targets.filter((t) => !TARGETS.includes(t))).toEqual([]);
  });

  test.each(TARGETS)('target %s is autoscaled (HPA, or KEDA for the sender workers) and has a PodDisruptionBudget', (target) => {
    const name = `herald-${target}`;
    const hpa = byKind(objects, 'HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.name === name);
    const keda = byKind(objects, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === name);
    if (target === SENDING_TARGET) {
      expect(keda).toHaveLength(1);
      expect(hpa).toHaveLength(0);
    } else {
      expect(hpa).toHaveLength(1);
      expect(keda).toHaveLength(0);
    }
    const d = find(objects, 'Deployment', name)!;
    const pdbs = byKind(objects, 'PodDisruptionBudget').filter((p) => selects(p.spec.selector.matchLabels, podTemplateLabels(d)));
    expect(pdbs).toHaveLength(1);
  });

  test('sending scales on RabbitMQ queue depth exactly when the messaging target exists', () => {
    const scaled = byKind(objects, 'ScaledObject');
    expect(scaled.length > 0).toBe(TARGETS.includes(SENDING_TARGET));
  });

  test('every target that serves gRPC is in herald-peers, so each peer can reach it', () => {
    const peers = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('herald-peers'))!;
    const grpcTargets = TARGETS.filter((t) => podSpec(find(objects, 'Deployment', `herald-${t}`)!).containers[0].ports.some((p: any) => p.name === 'grpc'));
    expect(Object.keys(peers.data).sort()).toEqual(grpcTargets.map((t) => `${t.toUpperCase()}_ADDR`).sort());
  });

  test('every gRPC server is reachable through a *_ADDR peer setting that names its Service', () => {
    const peers = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('herald-peers'));
    expect(peers).toBeDefined();
    const bad: string[] = [];
    for (const [key, addr] of Object.entries<string>(peers!.data)) {
      const [host, port] = hostPort(addr);
      const svc = find(objects, 'Service', host);
      if (!svc) bad.push(`${key}: no Service ${host}`);
      else if (!svc.spec.ports.some((p: any) => p.port === port && p.name === 'grpc')) bad.push(`${key}: ${host} has no grpc port ${port}`);
      const target = key.replace(/_ADDR$/, '').toLowerCase();
      if (svc && svc.spec.selector['app.kubernetes.io/component'] !== target) bad.push(`${key}: points at ${host}, not the ${target} target`);
    }
    for (const d of byKind(objects, 'Deployment').filter(isHerald)) {
      const c = podSpec(d).containers[0];
      const grpc = c.ports.find((p: any) => p.name === 'grpc');
      if (!grpc) continue;
      const target = envOf(c).TARGET;
      if (Number(envOf(c).GRPC_PORT) !== grpc.containerPort) bad.push(`${id(d)}: GRPC_PORT != grpc containerPort`);
      if (!(`${target.toUpperCase()}_ADDR` in peers!.data)) bad.push(`${id(d)}: no ${target.toUpperCase()}_ADDR in herald-peers`);
      if (!configMapRefs(c).includes(peers!.metadata.name)) bad.push(`${id(d)}: does not read herald-peers`);
    }
    expect(bad).toEqual([]);
  });

  test('uses the RabbitMQ bus and Redis rate limits', () => {
    const config = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('herald-config'))!;
    expect(config.data).toMatchObject({ BUS_TRANSPORT: 'amqp', RATE_LIMIT_STORE: 'redis' });
  });
});

describe('all-in-one overlay', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlayDir('all-in-one'));
  });

  test('runs one Deployment with TARGET=all and no per-target Deployments', () => {
    const byTarget = deploymentsByTarget(objects);
    expect([...byTarget.keys()]).toEqual(['all']);
    expect(byTarget.get('all')!.map(id)).toEqual(['Deployment/herald-all']);
    expect(byKind(objects, 'Deployment')).toHaveLength(1);
    // In-process bus and in-memory limits: more replicas would not share them.
    expect(byTarget.get('all')![0].spec.replicas).toBe(1);
    expect(byKind(objects, 'HorizontalPodAutoscaler')).toHaveLength(0);
  });

  test('uses the in-process bus and in-memory rate limits, PostgreSQL from the Secret', () => {
    const config = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('herald-config'))!;
    expect(config.data).toMatchObject({ BUS_TRANSPORT: 'memory', RATE_LIMIT_STORE: 'memory' });
    const c = podSpec(find(objects, 'Deployment', 'herald-all')!).containers[0];
    expect(secretRefs(c)).toContain('herald-secrets');
    // HERALD_DATA_DIR (/data) must be writable under a read-only root file system.
    expect(c.volumeMounts.map((m: any) => m.mountPath)).toEqual(expect.arrayContaining(['/tmp', '/data']));
  });

  test('the public Service reaches the process on its HTTP port', () => {
    const svc = find(objects, 'Service', 'herald-all')!;
    expect(svc.spec.ports.find((p: any) => p.name === 'http').port).toBe(8080);
  });
});

describe('dev overlay', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlayDir('dev'));
  });

  test('contains the microservices topology', () => {
    const targets = [...deploymentsByTarget(objects).keys()].sort();
    expect(targets).toEqual([...TARGETS].sort());
  });

  test('needs no KEDA in the cluster: no KEDA objects, one sender worker with no HPA', () => {
    expect(objects.filter((o) => o.apiVersion.startsWith('keda.sh/')).map(id)).toEqual([]);
    const name = `herald-${SENDING_TARGET}`;
    expect(byKind(objects, 'HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.name === name)).toEqual([]);
    // No replicas field: the API server defaults it to 1.
    expect(find(objects, 'Deployment', name)!.spec.replicas).toBeUndefined();
  });

  test.each([
    ['postgres', 5432],
    ['rabbitmq', 5672],
    ['redis', 6379],
    ['mailpit', 1025],
  ])('adds in-cluster %s with a Service on port %d', (name, port) => {
    const d = find(objects, 'Deployment', name) ?? find(objects, 'StatefulSet', name);
    expect(d).toBeDefined();
    const svc = find(objects, 'Service', name)!;
    expect(svc.spec.ports.map((p: any) => p.port)).toContain(port);
    expect(selects(svc.spec.selector, podTemplateLabels(d!))).toBe(true);
  });

  test('RabbitMQ has its management UI and Mailpit its web UI', () => {
    expect(podSpec(find(objects, 'Deployment', 'rabbitmq')!).containers[0].image).toMatch(/management/);
    expect(find(objects, 'Service', 'rabbitmq')!.spec.ports.map((p: any) => p.port)).toContain(15672);
    expect(find(objects, 'Service', 'mailpit')!.spec.ports.map((p: any) => p.port)).toContain(8025);
  });

  test('the generated Secret points Herald at the in-cluster services', () => {
    const secrets = byKind(objects, 'Secret').filter((s) => s.metadata.name.startsWith('herald-secrets'));
    expect(secrets).toHaveLength(1);
    const data = Object.fromEntries(Object.entries<string>(secrets[0].data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
    for (const k of SECRET_KEYS) expect(data[k]).toBeTruthy();
    for (const k of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'SMTP_URL']) {
      const url = new URL(data[k]);
      const svc = find(objects, 'Service', url.hostname);
      expect({ k, svc: svc ? id(svc) : undefined }).toEqual({ k, svc: `Service/${url.hostname}` });
      expect(svc!.spec.ports.map((p: any) => p.port)).toContain(Number(url.port));
    }
  });
});

describe('KEDA sending component (as the microservices overlay renders it)', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlayDir('microservices'));
  });

  test('the component is a kustomize Component, included by the microservices overlay only', () => {
    const k = fs.readFileSync(path.join(ROOT, 'deploy/components/keda-sending/kustomization.yaml'), 'utf8');
    expect(k).toMatch(/^kind: Component$/m);
    const withKeda = OVERLAYS.filter((o) => byKind(render(overlayDir(o)), 'ScaledObject').length > 0);
    // dev drops the KEDA objects (laptop clusters have no KEDA); all-in-one has no workers to scale.
    expect(withKeda).toEqual(['microservices']);
  });

  test('every object is valid', () => {
    expect(objects.flatMap((o) => validate(o).map((e) => `${id(o)}: ${e}`))).toEqual([]);
  });

  test(`scales Deployment herald-${SENDING_TARGET} on the depth of both sending queues`, () => {
    const scaled = byKind(objects, 'ScaledObject');
    expect(scaled).toHaveLength(1);
    const so = scaled[0];
    expect(find(objects, 'Deployment', so.spec.scaleTargetRef.name)).toBeDefined();
    expect(so.spec.scaleTargetRef.name).toBe(`herald-${SENDING_TARGET}`);
    expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount ?? 0);
    const triggers = so.spec.triggers;
    expect(triggers.every((t: any) => t.type === 'rabbitmq')).toBe(true);
    expect(triggers.map((t: any) => t.metadata.queueName).sort()).toEqual([...SENDING_QUEUES].sort());
    for (const t of triggers) {
      expect(t.metadata.mode).toBe('QueueLength');
      expect(Number(t.metadata.value)).toBeGreaterThan(0);
    }
  });

  test('reads the RabbitMQ URL from herald-secrets through a TriggerAuthentication', () => {
    const so = byKind(objects, 'ScaledObject')[0];
    for (const t of so.spec.triggers) {
      const auth = find(objects, 'TriggerAuthentication', t.authenticationRef?.name);
      expect(auth).toBeDefined();
      expect(auth!.spec.secretTargetRef).toEqual(
        expect.arrayContaining([expect.objectContaining({ parameter: 'host', name: 'herald-secrets', key: 'AMQP_URL' })]),
      );
    }
  });

  test('leaves the replica count to KEDA, and the CPU HPA component leaves the sender workers alone', () => {
    expect(find(objects, 'Deployment', `herald-${SENDING_TARGET}`)!.spec.replicas).toBeUndefined();
    expect(fs.existsSync(path.join(ROOT, `deploy/components/hpa/${SENDING_TARGET}.yaml`))).toBe(false);
    expect(fs.readFileSync(path.join(ROOT, 'deploy/components/hpa/kustomization.yaml'), 'utf8')).not.toMatch(new RegExp(`- ${SENDING_TARGET}\\.yaml`));
  });
});

describe('kustomize layout', () => {
  test('the base has one file per target, each listed in its kustomization', () => {
    const k = fs.readFileSync(path.join(ROOT, 'deploy/base/targets/kustomization.yaml'), 'utf8');
    for (const t of TARGETS) {
      expect(fs.existsSync(path.join(ROOT, `deploy/base/targets/${t}.yaml`))).toBe(true);
      expect(k).toContain(`- ${t}.yaml`);
    }
  });

  test.each(['network-policies', 'hpa', 'pdb', 'keda-sending'])('component %s is a kind: Component', (c) => {
    const k = fs.readFileSync(path.join(ROOT, `deploy/components/${c}/kustomization.yaml`), 'utf8');
    expect(k).toMatch(/^apiVersion: kustomize\.config\.k8s\.io\/v1alpha1$/m);
    expect(k).toMatch(/^kind: Component$/m);
  });

  test('image names in the manifests are the skaffold artifact', () => {
    for (const o of OVERLAYS) {
      for (const w of workloads(render(overlayDir(o))).filter(isHerald)) {
        for (const c of allContainers(podSpec(w))) expect(imageName(c.image)).toBe(IMAGE_NAME);
      }
    }
  });
});
