/**
 * Every metric the alert rules (deploy/observability/prometheus/rules.yaml) and the Grafana
 * dashboard (deploy/observability/grafana/herald.json) name is served by a running Herald: the
 * all-in-one process, as built, whose /metrics holds every module's metrics in one exposition.
 * A metric is there when its family is declared (`# TYPE`), even before its first sample; a
 * histogram's _bucket/_sum/_count series count as the histogram. Types agree with the catalogue
 * of test/deploy/observability.ts (a rate over a gauge would be wrong).
 */
import { Topology } from '../libs/testing/src';
import { sharedHerald } from './support/herald';
import { METRICS, family, namedMetrics } from '../test/deploy/observability';

describe('monitoring names only metrics a running Herald serves', () => {
  let t: Topology;
  let types: Map<string, string>;
  beforeAll(async () => {
    t = await sharedHerald('all');
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    types = new Map(
      text
        .split('\n')
        .filter((l) => l.startsWith('# TYPE '))
        .map((l) => l.split(' '))
        .map(([, , name, type]) => [name, type]),
    );
  }, 60_000);
  afterAll(() => t?.stop());

  test('the rules and the dashboard name some metrics, all in the catalogue', () => {
    const named = namedMetrics();
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((m) => !family(m))).toEqual([]);
  });

  test('every metric named is in /metrics, with the type the catalogue says', () => {
    const missing: string[] = [];
    for (const m of namedMetrics()) {
      const f = family(m) ?? m;
      const served = types.get(f);
      if (!served) missing.push(`${m}: not served`);
      else if (served !== METRICS[f]) missing.push(`${m}: served as a ${served}, the catalogue says ${METRICS[f]}`);
    }
    expect(missing).toEqual([]);
  });
});
