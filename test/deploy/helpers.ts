/**
 * Helpers for the offline deployment checks (test/deploy/*.test.ts): render kustomize
 * directories with `kubectl kustomize`, parse YAML, validate objects against the Kubernetes
 * schemas (kubernetes-models) and walk pod specs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { registry } from '../../services/all/src/registry';

export const ROOT = path.resolve(__dirname, '../..');

/**
 * The split-topology targets the deployment artifacts must cover: every registered service
 * (services/all/src/services.ts). Registering a service makes these tests demand a Deployment in
 * the microservices overlay, a compose service in the `micro` profile, an autoscaler and a
 * PodDisruptionBudget for it, so a new target cannot be forgotten.
 */
export const TARGETS: readonly string[] = registry.names();

/**
 * The sender workers: the target consuming the email work queues. Other work queues (contacts'
 * import and bulk jobs) belong to targets that scale on CPU like the rest.
 */
const workers = registry.services.filter((s) => s.work?.some((w) => w.type === 'messaging.email.queued.v1'));
if (workers.length !== 1) throw new Error('the deploy checks expect one sending service (KEDA scales it on its queues)');
/** The target whose Deployment KEDA scales on queue depth instead of an HPA: the sender workers. */
export const SENDING_TARGET = workers[0].name;
/** Queues the sender workers consume (KEDA triggers). */
export const SENDING_QUEUES = workers[0].work!.map((w) => w.queue);

export const OVERLAYS = ['all-in-one', 'microservices', 'dev'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** Settings that are credentials: they belong in a Secret, never in a ConfigMap or a literal env. */
export const SECRET_KEYS = ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'SMTP_URL', 'TRACKING_SECRET', 'INTERNAL_TOKEN'];

export const IMAGE_NAME = 'herald';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
}

export function packageVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
}

export function readText(rel: string): string {
  return fs.readFileSync(path.join(ROOT, rel), 'utf8');
}

/** Parses one YAML document; `merge` resolves `<<:` merge keys (docker compose uses them). */
export function readYaml(rel: string, merge = false): any {
  return YAML.parse(readText(rel), { merge });
}

const renderCache = new Map<string, K8sObject[]>();

/** `kubectl kustomize <dir>` (dir relative to the repository root), parsed. Cached per dir. */
export function render(dir: string): K8sObject[] {
  const cached = renderCache.get(dir);
  if (cached) return cached;
  const out = execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const objects = YAML.parseAllDocuments(out)
    .map((d) => {
      if (d.errors.length) throw new Error(`${dir}: ${d.errors.map((e) => e.message).join('; ')}`);
      return d.toJS() as K8sObject;
    })
    .filter((o) => o != null);
  renderCache.set(dir, objects);
  return objects;
}

export const id = (o: K8sObject): string => `${o.kind}/${o.metadata?.name}`;

export function byKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/** Structural checks for the custom resources we emit (their schemas are not in kubernetes-models). */
const CRD_CHECKS: Record<string, (o: K8sObject) => string[]> = {
  'keda.sh/v1alpha1/ScaledObject': (o) => {
    const errs: string[] = [];
    const s = o.spec ?? {};
    if (!s.scaleTargetRef?.name) errs.push('spec.scaleTargetRef.name is required');
    if (s.scaleTargetRef?.kind && s.scaleTargetRef.kind !== 'Deployment') errs.push('scaleTargetRef must be a Deployment');
    if (!Array.isArray(s.triggers) || s.triggers.length === 0) errs.push('spec.triggers must be a non-empty list');
    for (const [i, t] of (s.triggers ?? []).entries()) {
      if (typeof t.type !== 'string') errs.push(`triggers[${i}].type must be a string`);
      if (typeof t.metadata !== 'object' || t.metadata == null) errs.push(`triggers[${i}].metadata must be an object`);
      for (const [k, v] of Object.entries(t.metadata ?? {})) {
        if (typeof v !== 'string') errs.push(`triggers[${i}].metadata.${k} must be a string (KEDA metadata is map[string]string)`);
      }
    }
    for (const k of ['minReplicaCount', 'maxReplicaCount', 'pollingInterval', 'cooldownPeriod']) {
      if (s[k] !== undefined && (!Number.isInteger(s[k]) || s[k] < 0)) errs.push(`spec.${k} must be a non-negative integer`);
    }
    if (s.minReplicaCount !== undefined && s.maxReplicaCount !== undefined && s.minReplicaCount > s.maxReplicaCount) {
      errs.push('minReplicaCount > maxReplicaCount');
    }
    return errs;
  },
  'monitoring.coreos.com/v1/PodMonitor': (o) => {
    const errs: string[] = [];
    const s = o.spec ?? {};
    if (!s.selector || (!s.selector.matchLabels && !s.selector.matchExpressions)) errs.push('spec.selector must select pods');
    if (!Array.isArray(s.podMetricsEndpoints) || s.podMetricsEndpoints.length === 0) errs.push('spec.podMetricsEndpoints must be a non-empty list');
    for (const [i, e] of (s.podMetricsEndpoints ?? []).entries()) {
      if (typeof e.port !== 'string' || !e.port) errs.push(`podMetricsEndpoints[${i}].port must name a container port`);
      if (e.path !== undefined && !String(e.path).startsWith('/')) errs.push(`podMetricsEndpoints[${i}].path must be absolute`);
      if (e.interval !== undefined && !/^(\d+(ms|s|m|h))+$/.test(e.interval)) errs.push(`podMetricsEndpoints[${i}].interval is not a duration`);
      for (const [j, r] of (e.relabelings ?? []).entries()) {
        if (r.sourceLabels !== undefined && !Array.isArray(r.sourceLabels))
          errs.push(`podMetricsEndpoints[${i}].relabelings[${j}].sourceLabels must be a list`);
      }
    }
    return errs;
  },
  'monitoring.coreos.com/v1/PrometheusRule': (o) => {
    const groups = o.spec?.groups;
    if (!Array.isArray(groups) || groups.length === 0) return ['spec.groups must be a non-empty list'];
    return groups.flatMap((g: any, i: number) => {
      const errs: string[] = [];
      if (typeof g.name !== 'string' || !g.name) errs.push(`groups[${i}].name is required`);
      if (!Array.isArray(g.rules) || g.rules.length === 0) errs.push(`groups[${i}].rules must be a non-empty list`);
      for (const [j, r] of (g.rules ?? []).entries()) {
        if (typeof r.expr !== 'string' || !r.expr.trim()) errs.push(`groups[${i}].rules[${j}].expr must be a string`);
        if ((typeof r.alert === 'string') === (typeof r.record === 'string')) errs.push(`groups[${i}].rules[${j}] needs one of alert or record`);
        for (const k of ['labels', 'annotations']) {
          for (const [lk, lv] of Object.entries(r[k] ?? {})) if (typeof lv !== 'string') errs.push(`groups[${i}].rules[${j}].${k}.${lk} must be a string`);
        }
      }
      return errs;
    });
  },
  'keda.sh/v1alpha1/TriggerAuthentication': (o) => {
    const refs = o.spec?.secretTargetRef;
    if (!Array.isArray(refs) || refs.length === 0) return ['spec.secretTargetRef must be a non-empty list'];
    return refs.flatMap((r: any, i: number) =>
      ['parameter', 'name', 'key'].filter((k) => typeof r[k] !== 'string' || !r[k]).map((k) => `secretTargetRef[${i}].${k} is required`),
    );
  },
};

/**
 * Validates an object against the Kubernetes JSON schema of its apiVersion/kind
 * (kubernetes-models), or the structural check of a known CRD. Returns the problems found.
 */
export function validate(o: K8sObject): string[] {
  if (!o || typeof o.apiVersion !== 'string' || typeof o.kind !== 'string') return ['missing apiVersion or kind'];
  if (!o.metadata?.name) return ['missing metadata.name'];
  const crd = CRD_CHECKS[`${o.apiVersion}/${o.kind}`];
  if (crd) return crd(o);
  let mod: Record<string, any>;
  try {
    // kubernetes-models lays its modules out by apiVersion: kubernetes-models/apps/v1, kubernetes-models/v1, ...
    mod = require(`kubernetes-models/${o.apiVersion}`);
  } catch {
    return [`unknown apiVersion ${o.apiVersion}`];
  }
  const Model = mod[o.kind];
  if (typeof Model !== 'function') return [`unknown kind ${o.kind} in ${o.apiVersion}`];
  // kustomize wraps long base64 values at 70 columns; the API server's decoder (Go's
  // encoding/base64) skips those newlines, the schema's `byte` format does not.
  const unwrap = (m: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/[\r\n]/g, '') : v]));
  const input = { ...o };
  if (o.apiVersion === 'v1' && o.kind === 'Secret' && o.data) input.data = unwrap(o.data);
  if (o.apiVersion === 'v1' && o.kind === 'ConfigMap' && o.binaryData) input.binaryData = unwrap(o.binaryData);
  try {
    new Model(input).validate();
    return [];
  } catch (e) {
    return [(e as Error).message];
  }
}

/** The pod template spec of a workload, or undefined for objects that do not run pods. */
export function podSpec(o: K8sObject): any | undefined {
  switch (o.kind) {
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'ReplicaSet':
    case 'Job':
      return o.spec?.template?.spec;
    case 'CronJob':
      return o.spec?.jobTemplate?.spec?.template?.spec;
    case 'Pod':
      return o.spec;
    default:
      return undefined;
  }
}

export function podTemplateLabels(o: K8sObject): Record<string, string> {
  return (o.kind === 'CronJob' ? o.spec?.jobTemplate?.spec?.template : o.spec?.template)?.metadata?.labels ?? {};
}

export function workloads(objects: K8sObject[]): K8sObject[] {
  return objects.filter((o) => podSpec(o) !== undefined);
}

export function allContainers(spec: any): any[] {
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

/** Is this a Herald object (as opposed to dev infrastructure)? */
export function isHerald(o: K8sObject): boolean {
  return o.metadata.labels?.['app.kubernetes.io/name'] === 'herald';
}

/** Plain `value:` environment variables of a container. */
export function envOf(container: any): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of container?.env ?? []) if (e.value !== undefined) env[e.name] = String(e.value);
  return env;
}

/** Does `labels` satisfy a matchLabels selector? */
export function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** The image reference's tag (undefined when untagged). Digests count as pinned. */
export function imageTag(image: string): string | undefined {
  if (image.includes('@sha256:')) return image.split('@')[1];
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  return colon === -1 ? undefined : image.slice(colon + 1);
}

export function imageName(image: string): string {
  const noDigest = image.split('@')[0];
  const lastSlash = noDigest.lastIndexOf('/');
  const colon = noDigest.indexOf(':', lastSlash + 1);
  return colon === -1 ? noDigest : noDigest.slice(0, colon);
}

/** "host:port" -> [host, port]. */
export function hostPort(addr: string): [string, number] {
  const i = addr.lastIndexOf(':');
  return [addr.slice(0, i), Number(addr.slice(i + 1))];
}
