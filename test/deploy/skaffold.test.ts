/**
 * skaffold.yaml, checked offline: one artifact (the image the manifests use), skaffold dev on
 * the dev overlay with the gateway port-forwarded, a profile per topology, paths that exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_NAME, ROOT, byKind, find, podSpec, readYaml, render, workloads, isHerald, allContainers, imageName } from './helpers';

const skaffold = readYaml('skaffold.yaml');

const kustomizePaths = (cfg: any): string[] => cfg?.manifests?.kustomize?.paths ?? [];

test('is a skaffold v4 config with exactly one artifact: the Herald image built from the Dockerfile runtime stage', () => {
  expect(skaffold.kind).toBe('Config');
  expect(skaffold.apiVersion).toMatch(/^skaffold\/v4/);
  const artifacts = skaffold.build.artifacts;
  expect(artifacts).toHaveLength(1);
  expect(artifacts[0].image).toBe(IMAGE_NAME);
  const dockerfile = path.join(ROOT, artifacts[0].context ?? '.', artifacts[0].docker?.dockerfile ?? 'Dockerfile');
  expect(fs.existsSync(dockerfile)).toBe(true);
  const stage = artifacts[0].docker?.target;
  expect(fs.readFileSync(dockerfile, 'utf8')).toMatch(new RegExp(`^FROM \\S+ AS ${stage}$`, 'm'));
  // Never `latest`: tags come from a tag policy.
  expect(skaffold.build.tagPolicy).toBeDefined();
  expect(JSON.stringify(skaffold.build.tagPolicy)).not.toMatch(/latest/);
  for (const p of skaffold.profiles ?? []) expect(p.build?.artifacts).toBeUndefined();
});

test('`skaffold dev` deploys the dev overlay and forwards the gateway port', () => {
  expect(kustomizePaths(skaffold)).toEqual(['deploy/overlays/dev']);
  const objects = render('deploy/overlays/dev');
  const fwd = skaffold.portForward.find((f: any) => f.resourceName === 'herald-gateway');
  expect(fwd).toBeDefined();
  const svc = find(objects, fwd.resourceType === 'service' ? 'Service' : fwd.resourceType, fwd.resourceName);
  expect(svc?.spec.ports.map((p: any) => p.port)).toContain(fwd.port);
});

test.each(['microservices', 'all-in-one'])('profile %s deploys its overlay, and its port forwards exist there', (name) => {
  const profile = skaffold.profiles.find((p: any) => p.name === name);
  expect(profile).toBeDefined();
  expect(kustomizePaths(profile)).toEqual([`deploy/overlays/${name}`]);
  const objects = render(kustomizePaths(profile)[0]);
  for (const f of profile.portForward ?? skaffold.portForward) {
    expect(f.resourceType).toBe('service');
    const svc = find(objects, 'Service', f.resourceName);
    expect({ name: f.resourceName, ports: svc?.spec.ports.map((p: any) => p.port) ?? [] }).toEqual({
      name: f.resourceName,
      ports: expect.arrayContaining([f.port]),
    });
  }
});

test('every kustomize path skaffold uses is a kustomization whose Herald containers use the artifact image', () => {
  const paths = [...kustomizePaths(skaffold), ...(skaffold.profiles ?? []).flatMap(kustomizePaths)];
  expect(paths.length).toBeGreaterThanOrEqual(3);
  for (const p of paths) {
    expect(fs.existsSync(path.join(ROOT, p, 'kustomization.yaml'))).toBe(true);
    const objects = render(p);
    const images = workloads(objects)
      .filter(isHerald)
      .flatMap((w) => allContainers(podSpec(w)).map((c: any) => imageName(c.image)));
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([IMAGE_NAME]));
    expect(byKind(objects, 'Deployment').length).toBeGreaterThan(0);
  }
});

test('the default port forwards (gateway, Mailpit, RabbitMQ UI) exist in the dev overlay on distinct local ports', () => {
  const objects = render('deploy/overlays/dev');
  const local = skaffold.portForward.map((f: any) => f.localPort);
  expect(new Set(local).size).toBe(local.length);
  for (const f of skaffold.portForward) {
    expect(find(objects, 'Service', f.resourceName)?.spec.ports.map((p: any) => p.port)).toContain(f.port);
  }
});
