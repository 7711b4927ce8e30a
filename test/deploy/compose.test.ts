/**
 * docker-compose.yml, checked offline: health checks, dependency conditions, the all-in-one
 * default, one container per target in the `micro` profile, pinned images, hardened Herald
 * containers and consistent peer addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_NAME, ROOT, TARGETS, hostPort, imageName, imageTag, packageVersion, readYaml } from './helpers';

const compose = readYaml('docker-compose.yml', true);
const services: Record<string, any> = compose.services;
const names = Object.keys(services);

/** Resolves `${VAR:-default}` to its default, as compose would with VAR unset. */
const defaults = (s: string): string => String(s).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
const envOf = (svc: any): Record<string, string> => {
  const e = svc.environment ?? {};
  if (Array.isArray(e)) return Object.fromEntries(e.map((kv: string) => [kv.split('=')[0], kv.slice(kv.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, defaults(String(v))]));
};
const isHerald = (svc: any) => imageName(defaults(svc.image ?? '')) === IMAGE_NAME;
const isOneShot = (svc: any) => svc.restart === 'no';
const profilesOf = (svc: any): string[] => svc.profiles ?? [];
const dependsOn = (svc: any): Record<string, { condition?: string }> =>
  Array.isArray(svc.depends_on) ? Object.fromEntries(svc.depends_on.map((n: string) => [n, {}])) : (svc.depends_on ?? {});
const inDefault = (n: string) => profilesOf(services[n]).length === 0;
const inMicro = (n: string) => inDefault(n) || profilesOf(services[n]).includes('micro');

test('every long-running service has a health check; one-shot jobs are awaited to completion', () => {
  const bad: string[] = [];
  for (const [n, svc] of Object.entries(services)) {
    if (isOneShot(svc)) {
      const waiters = names.filter((m) => dependsOn(services[m])[n]);
      if (waiters.some((m) => dependsOn(services[m])[n].condition !== 'service_completed_successfully'))
        bad.push(`${n}: awaited without service_completed_successfully`);
    } else if (!svc.healthcheck?.test || svc.healthcheck.disable) bad.push(`${n}: no healthcheck`);
  }
  expect(bad).toEqual([]);
});

test('depends_on names existing services with explicit conditions that can be met', () => {
  const bad: string[] = [];
  for (const [n, svc] of Object.entries(services)) {
    for (const [dep, spec] of Object.entries(dependsOn(svc))) {
      const target = services[dep];
      if (!target) {
        bad.push(`${n} -> ${dep}: no such service`);
        continue;
      }
      if (spec.condition === 'service_healthy' && !target.healthcheck) bad.push(`${n} -> ${dep}: no healthcheck to wait for`);
      if (!['service_healthy', 'service_completed_successfully'].includes(spec.condition ?? '')) bad.push(`${n} -> ${dep}: condition ${spec.condition}`);
      // A service must not depend on one that its own profile(s) would not start.
      if (inDefault(n) && !inDefault(dep)) bad.push(`${n} -> ${dep}: dependency is outside the default profile`);
      if (profilesOf(svc).includes('micro') && !inMicro(dep)) bad.push(`${n} -> ${dep}: dependency is outside the micro profile`);
    }
  }
  expect(bad).toEqual([]);
});

test('`docker compose up` runs PostgreSQL, RabbitMQ with its UI, Redis, a web SMTP catcher and Herald all-in-one', () => {
  const byImage = (re: RegExp) => names.filter((n) => inDefault(n) && re.test(services[n].image ?? ''));
  expect(byImage(/^postgres:/)).toHaveLength(1);
  const rabbit = byImage(/^rabbitmq:.*management/);
  expect(rabbit).toHaveLength(1);
  expect(services[rabbit[0]].ports.map((p: string) => defaults(p))).toEqual(expect.arrayContaining([expect.stringMatching(/:15672$/)]));
  expect(byImage(/^redis:/)).toHaveLength(1);
  const mailpit = byImage(/mailpit/);
  expect(mailpit).toHaveLength(1);
  expect(services[mailpit[0]].ports.map((p: string) => defaults(p))).toEqual(expect.arrayContaining([expect.stringMatching(/:8025$/)]));
  const all = names.filter((n) => inDefault(n) && isHerald(services[n]) && envOf(services[n]).TARGET === 'all');
  expect(all).toHaveLength(1);
  const env = envOf(services[all[0]]);
  expect(new URL(env.DATABASE_URL).hostname).toBe(byImage(/^postgres:/)[0]);
  expect(new URL(env.SMTP_URL).hostname).toBe(mailpit[0]);
  expect(services[all[0]].ports.map((p: string) => defaults(p))).toContain('8080:8080');
});

test('profile micro: the sender workers deliver to the Mailpit SMTP catcher; other targets get no SMTP credentials', () => {
  const micro = names.filter((n) => profilesOf(services[n]).includes('micro') && isHerald(services[n]) && !isOneShot(services[n]));
  const mailpit = names.find((n) => /mailpit/.test(services[n].image ?? ''))!;
  const senders = micro.filter((n) => envOf(services[n]).TARGET === 'messaging');
  expect(senders).toHaveLength(1);
  const url = new URL(envOf(services[senders[0]]).SMTP_URL);
  expect(`${url.protocol}//${url.host}`).toBe(`smtp://${mailpit}:1025`);
  expect(dependsOn(services[senders[0]])[mailpit]?.condition).toBe('service_healthy');
  expect(micro.filter((n) => n !== senders[0] && 'SMTP_URL' in envOf(services[n]))).toEqual([]);
});

test('migrations run before Herald starts, in both topologies', () => {
  for (const n of names.filter((m) => isHerald(services[m]) && !isOneShot(services[m]))) {
    const migrators = Object.entries(dependsOn(services[n]))
      .filter(([, s]) => s.condition === 'service_completed_successfully')
      .map(([d]) => d);
    expect({ n, migrate: migrators.map((d) => envOf(services[d]).TARGET) }).toEqual({ n, migrate: ['migrate'] });
    expect(envOf(services[migrators[0]]).DATABASE_URL).toBe(envOf(services[n]).DATABASE_URL);
  }
});

test.each(TARGETS)('profile micro runs target %s in its own container from the same image', (target) => {
  const svc = names.filter((n) => profilesOf(services[n]).includes('micro') && envOf(services[n]).TARGET === target);
  expect(svc).toHaveLength(1);
  const s = services[svc[0]];
  expect(isHerald(s)).toBe(true);
  expect(s.healthcheck).toBeDefined();
  expect(envOf(s).BUS_TRANSPORT).toBe('amqp');
  expect(envOf(s).RATE_LIMIT_STORE).toBe('redis');
});

test('profile micro runs only known targets, and the all-in-one container is not part of it', () => {
  const micro = names.filter((n) => profilesOf(services[n]).includes('micro') && isHerald(services[n]) && !isOneShot(services[n]));
  expect(micro.map((n) => envOf(services[n]).TARGET).sort()).toEqual([...TARGETS].sort());
  // The two topologies keep separate databases so that they never share an outbox.
  const db = (n: string) => new URL(envOf(services[n]).DATABASE_URL).pathname;
  const all = names.find((n) => envOf(services[n]).TARGET === 'all')!;
  for (const n of micro) expect(db(n)).not.toBe(db(all));
  // ...which the PostgreSQL init script creates.
  const initMount = (services.postgres.volumes as string[]).find((v) => v.includes('/docker-entrypoint-initdb.d'))!;
  const dir = path.join(ROOT, initMount.split(':')[0]);
  const sql = fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  expect(sql).toContain(`CREATE DATABASE ${db(micro[0]).slice(1)}`);
});

test('micro peers find each other: every *_ADDR names the service of that target on its GRPC_PORT', () => {
  const bad: string[] = [];
  const micro = names.filter((n) => profilesOf(services[n]).includes('micro') && isHerald(services[n]));
  for (const n of micro) {
    const env = envOf(services[n]);
    for (const [k, v] of Object.entries(env).filter(([k]) => k.endsWith('_ADDR'))) {
      const [host, port] = hostPort(v);
      const peer = services[host];
      if (!peer) bad.push(`${n}: ${k} -> no service ${host}`);
      else {
        if (envOf(peer).TARGET !== k.replace(/_ADDR$/, '').toLowerCase()) bad.push(`${n}: ${k} -> ${host} runs ${envOf(peer).TARGET}`);
        if (Number(envOf(peer).GRPC_PORT) !== port) bad.push(`${n}: ${k} port ${port} != ${host} GRPC_PORT`);
        if (!dependsOn(services[n])[host] && n !== host && envOf(services[n]).TARGET === 'gateway') bad.push(`${n}: does not wait for ${host}`);
      }
    }
    // A GRPC_PORT only where some peer address points at it.
    if (env.GRPC_PORT && !(`${env.TARGET.toUpperCase()}_ADDR` in env)) bad.push(`${n}: GRPC_PORT without ${env.TARGET.toUpperCase()}_ADDR`);
  }
  expect(bad).toEqual([]);
});

test('profile micro: every Herald process gets the same INTERNAL_TOKEN (production refuses to start a split target without one)', () => {
  const micro = names.filter((n) => profilesOf(services[n]).includes('micro') && isHerald(services[n]) && !isOneShot(services[n]));
  expect(micro.length).toBeGreaterThan(0);
  const tokens = new Set(micro.map((n) => envOf(services[n]).INTERNAL_TOKEN));
  expect(tokens.size).toBe(1);
  for (const n of micro) expect({ n, env: envOf(services[n]).NODE_ENV }).toEqual({ n, env: 'production' });
  // …from the operator's environment (.env), like the other secrets: compose has no default for it.
  expect(compose['x-herald-micro-env'].INTERNAL_TOKEN).toBe('${INTERNAL_TOKEN:-}');
});

test('images are pinned, and Herald services share the package-version image', () => {
  const bad: string[] = [];
  for (const [n, svc] of Object.entries(services)) {
    const image = defaults(svc.image ?? '');
    const tag = imageTag(image);
    if (!tag || tag === 'latest') bad.push(`${n}: ${image}`);
    if (isHerald(svc) && image !== `${IMAGE_NAME}:${packageVersion()}`) bad.push(`${n}: ${image}`);
    if (isHerald(svc) && svc.build?.target !== 'runtime') bad.push(`${n}: builds ${svc.build?.target}`);
  }
  expect(bad).toEqual([]);
});

test('Herald containers are hardened: non-root, read-only, no capabilities, writable /tmp', () => {
  const bad: string[] = [];
  for (const [n, svc] of Object.entries(services).filter(([, s]) => isHerald(s))) {
    const uid = Number(String(svc.user ?? '').split(':')[0]);
    if (!Number.isInteger(uid) || uid === 0 || svc.user === undefined) bad.push(`${n}: user ${svc.user}`);
    if (svc.read_only !== true) bad.push(`${n}: read_only`);
    if (!(svc.cap_drop ?? []).includes('ALL')) bad.push(`${n}: cap_drop`);
    if (!(svc.security_opt ?? []).some((o: string) => o.startsWith('no-new-privileges'))) bad.push(`${n}: no-new-privileges`);
    if (!(svc.tmpfs ?? []).some((t: string) => t.split(':')[0] === '/tmp')) bad.push(`${n}: /tmp`);
    if (svc.privileged) bad.push(`${n}: privileged`);
  }
  expect(bad).toEqual([]);
});

test('Herald health checks probe /readyz on the port the process listens on', () => {
  for (const [n, svc] of Object.entries(services).filter(([, s]) => isHerald(s) && !isOneShot(s))) {
    const test = svc.healthcheck.test.join(' ');
    expect({ n, readyz: test.includes('/readyz') }).toEqual({ n, readyz: true });
    expect(envOf(svc).PORT).toMatch(/^\d+$/);
    expect(test).toContain('process.env.PORT');
    // Published: the HTTP port, and the inbound SMTP listener's where it runs.
    const listening = [envOf(svc).PORT, envOf(svc).INBOUND_SMTP_PORT].filter(Boolean);
    for (const p of (svc.ports ?? []).map(defaults)) expect(listening).toContain(p.split(':').pop());
  }
});

test('no two services publish the same host port (both profiles can run at once)', () => {
  const seen = new Map<string, string>();
  const bad: string[] = [];
  for (const [n, svc] of Object.entries(services)) {
    for (const p of (svc.ports ?? []).map(defaults)) {
      const parts = p.split(':');
      const host = parts.length === 3 ? parts[1] : parts[0];
      if (seen.has(host)) bad.push(`${n} and ${seen.get(host)} both publish ${host}`);
      seen.set(host, n);
    }
  }
  expect(bad).toEqual([]);
});

test('every named volume used is declared', () => {
  const declared = Object.keys(compose.volumes ?? {});
  for (const svc of Object.values(services)) {
    for (const v of (svc.volumes ?? []) as string[]) {
      const src = v.split(':')[0];
      if (!src.startsWith('.') && !src.startsWith('/')) expect(declared).toContain(src);
      else expect(fs.existsSync(path.join(ROOT, src))).toBe(true);
    }
  }
});
