/**
 * Dependencies inside a service point one way (docs/topologies.md "Add a service"): the inbound
 * side (ports/, the gateway's http/), the adapters and the descriptor import app/ and domain/,
 * never the reverse. app/ holds the use cases and the interfaces they need (app/ports.ts), which
 * adapters/ implements; domain/ holds pure rules. So a file of app/ imports only its service's
 * app/ and domain/ and libs/ (and packages), and a file of domain/ only its service's domain/ and
 * libs/. Every service under services/ is held to it, the ones to come included. And libs/ is
 * below every service: it imports none (the test topology takes the registry as a parameter).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SERVICES = path.join(ROOT, 'services');
const LIBS = path.join(ROOT, 'libs');

/** What each inner layer may import from its own service; anything else relative is refused. */
const MAY_IMPORT: Record<string, string[]> = { app: ['app', 'domain'], domain: ['domain'] };

/** Every module a source names: import and export … from, side-effect imports, import(), require(). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
  for (let m = re.exec(source); m; m = re.exec(source)) found.push(m[2]);
  return found;
}

/** The service and layer of a path under services/: `app`, `domain`, `adapters`, `ports`, `http`, `service` (service.ts)… */
function placeOf(abs: string): { service: string; layer: string } | undefined {
  const parts = path.relative(SERVICES, abs).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]) || parts.length < 2) return undefined;
  if (parts[1] !== 'src' || parts.length < 3) return { service: parts[0], layer: parts[1] };
  return { service: parts[0], layer: parts[2].replace(/\.[cm]?[jt]s$/, '') };
}

const inside = (abs: string, dir: string) => !path.relative(dir, abs).startsWith('..');

/** The imports of `file` (a source of some service's app/ or domain/) that its layer may not make. */
function forbiddenImports(file: string, source: string): string[] {
  const from = placeOf(file);
  const allowed = from && MAY_IMPORT[from.layer];
  if (!from || !allowed) throw new Error(`${file} is not in a service's app/ or domain/`);
  return specifiers(source).filter((spec) => {
    if (!spec.startsWith('.')) return false; // a package or node: builtin
    const target = path.resolve(path.dirname(file), spec);
    if (inside(target, LIBS)) return false;
    const to = placeOf(target);
    return !(to && to.service === from.service && allowed.includes(to.layer));
  });
}

const sourcesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.[cm]?[jt]s$/.test(f)).map((f) => path.join(dir, f)) : [];

describe('inside a service, dependencies point inward: app/ and domain/ import only themselves, libs/ and packages', () => {
  it('refuses what points outward, and lets the rest through', () => {
    const app = path.join(SERVICES, 'billing/src/app/invoices.ts');
    const domain = path.join(SERVICES, 'billing/src/domain/tax.ts');
    const refused = [
      `import { InvoicesRepo } from '../adapters/repo';`,
      `import type { InvoiceRow } from '../adapters/repo';`,
      `import {\n  a,\n  b,\n} from "../adapters";`,
      `export { billingRoutes } from '../ports/http';`,
      `import '../ports/consumers';`,
      `const m = await import('../adapters/stripe');`,
      `const m = require('../ports/timers');`,
      `import { billing } from '../service';`,
      `import { SCHEMA } from '../migrations';`,
      `import type { ContactRow } from '../../../contacts/src/app/ports';`,
      `import { rule } from '../../../contacts/src/domain/rules';`,
      `import { sweep } from '../../../../bench/lib';`,
    ];
    for (const line of refused) expect({ line, refused: forbiddenImports(app, line) }).toEqual({ line, refused: [expect.any(String)] });
    const allowed = [
      `import type { InvoicesStore } from './ports';`,
      `import { total } from '../domain/tax';`,
      `import { Outbox } from '../../../../libs/bus/src';`,
      `import crypto from 'node:crypto';`,
    ];
    for (const line of allowed) expect({ line, refused: forbiddenImports(app, line) }).toEqual({ line, refused: [] });
    // domain/ is the inner layer: not even app/.
    expect(forbiddenImports(domain, `import type { InvoicesStore } from '../app/ports';`)).toEqual(['../app/ports']);
    expect(forbiddenImports(domain, `import { round } from './money';\nimport { isUuid } from '../../../../libs/kit/src';`)).toEqual([]);
  });

  it('holds in every service', () => {
    const services = fs.readdirSync(SERVICES).filter((s) => fs.existsSync(path.join(SERVICES, s, 'src')));
    const files = services.flatMap((s) => Object.keys(MAY_IMPORT).flatMap((layer) => sourcesUnder(path.join(SERVICES, s, 'src', layer))));
    // The scan reaches every service that has use cases.
    const withApp = new Set(files.filter((f) => placeOf(f)?.layer === 'app').map((f) => placeOf(f)!.service));
    expect([...withApp].sort()).toEqual(expect.arrayContaining(['contacts', 'domains', 'events', 'gateway', 'messaging']));
    expect(files.length).toBeGreaterThan(25);
    const offenders = files.flatMap((f) => forbiddenImports(f, fs.readFileSync(f, 'utf8')).map((spec) => `${path.relative(ROOT, f)} imports '${spec}'`));
    expect(offenders).toEqual([]);
  });
});

/**
 * app/ asks for a unit of work (libs/db `UnitOfWork`, docs/decisions/0303) and hands its `Work` to
 * repositories and the outbox: it imports no `pg`, no `Db`, opens no transaction itself (`.tx(`),
 * reaches no pool (`.pool`) and writes no SQL (`.query(`, statement texts) — all of that is the
 * adapters'.
 */
function persistenceLeaks(source: string): string[] {
  const found: string[] = [];
  for (const spec of specifiers(source)) if (spec === 'pg' || spec.startsWith('pg/')) found.push(`imports '${spec}'`);
  const imports = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\2/g;
  for (let m = imports.exec(source); m; m = imports.exec(source)) {
    if (!/libs\/db\/src(\/index)?$/.test(m[3])) continue;
    const names = m[1].split(',').map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    );
    if (names.includes('Db')) found.push(`imports Db from '${m[3]}'`);
  }
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  if (/\.tx\s*[<(]/.test(code)) found.push('calls .tx(');
  if (/\.pool\b/.test(code)) found.push('uses .pool');
  if (/\.query\s*[<(]/.test(code)) found.push('calls .query(');
  if (/[`'"]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|SAVEPOINT\s|ROLLBACK\b|BEGIN\b|COMMIT\b)/.test(code)) found.push('writes SQL');
  return found;
}

describe('app/ runs in units of work: no pg, no Db, no transaction, pool or SQL of its own', () => {
  it('refuses what reaches the database, and lets units of work through', () => {
    const refused = [
      `import type { PoolClient } from 'pg';`,
      `import { Pool } from "pg";`,
      `import type { Db, Queryable } from '../../../../libs/db/src';`,
      `import { type Db } from '../../../../libs/db/src/index';`,
      `await store.db.tx(async (tx) => f(tx));`,
      `await repo.db.tx<number>((tx) => f(tx));`,
      `await store.get(store.db.pool, p, id);`,
      `await tx.query('SELECT 1');`,
      `const rows = await q.query<Row>(sql);`,
      'const sql = `SELECT id FROM t WHERE project_id = $1`;',
      `const sql = 'INSERT INTO x (a) VALUES ($1)';`,
      'await run(`SAVEPOINT turn`);',
    ];
    for (const line of refused) expect({ line, leaky: persistenceLeaks(line).length > 0 }).toEqual({ line, leaky: true });
    const allowed = [
      `import type { UnitOfWork, Work } from '../../../../libs/db/src';`,
      `import type { NewEvent } from '../../../../libs/bus/src';`,
      `await store.uow.run(async (work) => { await store.insert(work, row); await store.outbox.enqueue(work, events); });`,
      `const s = await store.get(projectId, id); // not .pool nor .tx( in a comment`,
      `/** Selects the rows: SELECT is the adapter's. */`,
      `const message = 'Select a template';`,
    ];
    for (const line of allowed) expect({ line, leaks: persistenceLeaks(line) }).toEqual({ line, leaks: [] });
  });

  it('holds in every service', () => {
    const services = fs.readdirSync(SERVICES).filter((s) => fs.existsSync(path.join(SERVICES, s, 'src', 'app')));
    expect(services).toEqual(expect.arrayContaining(['billing', 'campaigns', 'contacts', 'domains', 'events', 'gateway', 'messaging', 'workflows']));
    const files = services.flatMap((s) => sourcesUnder(path.join(SERVICES, s, 'src', 'app')));
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((f) => persistenceLeaks(fs.readFileSync(f, 'utf8')).map((leak) => `${path.relative(ROOT, f)} ${leak}`));
    expect(offenders).toEqual([]);
  });
});

describe('libraries never import services', () => {
  it('no source under libs/ (its tests included) names a file under services/', () => {
    const files = fs.readdirSync(LIBS).flatMap((lib) => sourcesUnder(path.join(LIBS, lib)));
    expect(files.length).toBeGreaterThan(40);
    const offenders = files.flatMap((f) =>
      specifiers(fs.readFileSync(f, 'utf8'))
        .filter((spec) => spec.startsWith('.') && inside(path.resolve(path.dirname(f), spec), SERVICES))
        .map((spec) => `${path.relative(ROOT, f)} imports '${spec}'`),
    );
    expect(offenders).toEqual([]);
  });
});
