/**
 * The monitoring artifacts, checked offline: the alert rules parse and name only Herald metrics
 * (METRICS), the PrometheusRule of components/monitoring carries exactly those rules, the
 * microservices overlay renders a PodMonitor that scrapes every Herald pod, the Grafana dashboard
 * parses and names only Herald metrics, and the compose scrape config lists every Herald
 * container. That each metric named is really served is e2e/observability.test.ts.
 */
import path from 'node:path';
import YAML from 'yaml';
import { TARGETS, byKind, find, id, isHerald, podSpec, podTemplateLabels, readText, readYaml, render, selects, validate } from './helpers';
import {
  DASHBOARD,
  METRICS,
  RULE_RESOURCE,
  SCRAPE_CONFIG,
  bracketProblems,
  dashboard,
  dashboardExprs,
  dashboardPanels,
  family,
  namedMetrics,
  parsePromql,
  rules,
  rulesFile,
} from './observability';

const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

describe('the PromQL reader the checks rely on', () => {
  test('finds metric names, not functions, labels, strings, durations or keywords', () => {
    expect(
      parsePromql('histogram_quantile(0.95, sum by (consumer, le) (rate(herald_x_bucket{a="b(",c=~"5.."}[$__rate_interval]))) > 60 or on(lane) up'),
    ).toEqual({ metrics: ['herald_x_bucket', 'up'], unknownFunctions: [] });
    expect(parsePromql('sum(increase(a_total[1d])) / sum(b) >= 1e3 and bool c offset 5m').metrics).toEqual(['a_total', 'b', 'c']);
    expect(parsePromql('summ(a)').unknownFunctions).toEqual(['summ']);
    expect(bracketProblems('sum(rate(a[5m])')).toEqual(['unclosed (']);
    expect(bracketProblems('sum(rate(a[5m)])')).toEqual(['unbalanced )']);
    expect(bracketProblems('a{b=")"}')).toEqual([]);
  });

  test('maps histogram series to their family', () => {
    expect(family('herald_bus_event_age_seconds_bucket')).toBe('herald_bus_event_age_seconds');
    expect(family('herald_emails_total')).toBe('herald_emails_total');
    expect(family('herald_emails_total_count')).toBeUndefined();
    expect(family('herald_nope')).toBeUndefined();
  });
});

describe('alert rules (deploy/observability/prometheus/rules.yaml)', () => {
  test('parse as a Prometheus rule file: groups of uniquely named rules', () => {
    const file = rulesFile();
    expect(Object.keys(file)).toEqual(['groups']);
    const groupNames = file.groups.map((g) => g.name);
    expect(new Set(groupNames).size).toBe(groupNames.length);
    const bad: string[] = [];
    for (const g of file.groups) {
      expect(g.rules.length).toBeGreaterThan(0);
      for (const r of g.rules) {
        const name = r.alert ?? r.record ?? '?';
        const keys = Object.keys(r).filter((k) => !['alert', 'record', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations'].includes(k));
        if (keys.length) bad.push(`${name}: unknown keys ${keys}`);
        if (!r.alert || r.record) bad.push(`${name}: not an alerting rule`);
        if (typeof r.expr !== 'string' || !r.expr.trim()) bad.push(`${name}: no expr`);
        if (r.for !== undefined && !DURATION.test(r.for)) bad.push(`${name}: for ${r.for}`);
        if (!['warning', 'critical'].includes(r.labels?.severity ?? '')) bad.push(`${name}: severity ${r.labels?.severity}`);
        if (!r.annotations?.summary || !r.annotations?.description) bad.push(`${name}: summary and description`);
        for (const [k, v] of Object.entries({ ...r.labels, ...r.annotations })) if (typeof v !== 'string') bad.push(`${name}: ${k} is not a string`);
      }
    }
    expect(bad).toEqual([]);
    const alerts = rules().map((r) => r.alert);
    expect(new Set(alerts).size).toBe(alerts.length);
  });

  test('cover the alerts of the runbook', () => {
    expect(
      rules()
        .map((r) => r.alert)
        .sort(),
    ).toEqual(
      ['HeraldBounceRateWarning', 'HeraldComplaintRateWarning', 'HeraldConsumerLag', 'HeraldDeadLetters', 'HeraldOutboxStale', 'HeraldSendQueueOld'].sort(),
    );
  });

  test('every expression balances its brackets, calls PromQL functions and names only Herald metrics', () => {
    const bad: string[] = [];
    for (const r of rules()) {
      for (const p of bracketProblems(r.expr)) bad.push(`${r.alert}: ${p}`);
      const { metrics, unknownFunctions } = parsePromql(r.expr);
      if (metrics.length === 0) bad.push(`${r.alert}: names no metric`);
      for (const m of metrics) if (!family(m)) bad.push(`${r.alert}: ${m} is not a Herald metric`);
      for (const f of unknownFunctions) bad.push(`${r.alert}: ${f}() is not a PromQL function`);
      // rate()/increase() only over counters (or histogram series); thresholds on gauges as they are.
      for (const m of r.expr.matchAll(/\b(?:rate|increase|irate)\((\w+)/g)) {
        const f = family(m[1]);
        if (f && METRICS[f] === 'gauge') bad.push(`${r.alert}: rate of gauge ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('the stale outbox alert fires past a minute, held 2 minutes', () => {
    const r = rules().find((x) => x.alert === 'HeraldOutboxStale')!;
    expect(r.expr).toMatch(/herald_outbox_oldest_seconds\)? > 60$/);
    expect(r.for).toBe('2m');
  });

  test('the send queue alert has a threshold for each lane', () => {
    const r = rules().find((x) => x.alert === 'HeraldSendQueueOld')!;
    expect(r.expr).toMatch(/lane="transactional"\}\) > 60\b/);
    expect(r.expr).toMatch(/lane="bulk"\}\) > 300\b/);
  });

  test('bounce and complaint alerts use the warning levels of Herald reputation (services/messaging/src/app/reputation.ts)', () => {
    const src = readText('services/messaging/src/app/reputation.ts');
    const limit = (key: string) => Number(new RegExp(`${key}: \\[([\\d.]+),`).exec(src)![1]);
    const minVolume = Number(/MIN_VOLUME = (\d+)/.exec(src)![1]);
    for (const [alert, outcome, key] of [
      ['HeraldBounceRateWarning', 'bounced', 'bounce7Day'],
      ['HeraldComplaintRateWarning', 'complained', 'complaint7Day'],
    ]) {
      const r = rules().find((x) => x.alert === alert)!;
      const expr = r.expr.replace(/\s+/g, ' ');
      expect(expr).toContain(`herald_emails_total{outcome="${outcome}"}`);
      expect(expr).toContain('herald_emails_total{outcome="sent"}');
      expect(Number(/\) >= ([\d.e-]+) and/.exec(expr)![1])).toBe(limit(key));
      expect(Number(/>= (\d+)$/.exec(expr)![1])).toBe(minVolume);
      // The annotation says which level it is and where it comes from.
      expect(r.annotations!.description).toContain('reputation.ts');
      expect(r.annotations!.description).toContain(key);
    }
  });
});

describe('monitoring component (deploy/components/monitoring)', () => {
  test('is a kustomize Component with a PodMonitor and a PrometheusRule', () => {
    const k = readYaml('deploy/components/monitoring/kustomization.yaml');
    expect(k).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1alpha1', kind: 'Component' });
    expect(k.resources.sort()).toEqual(['pod-monitor.yaml', 'prometheus-rule.yaml']);
  });

  test('the PrometheusRule carries exactly the groups of the rules file', () => {
    const resource = readYaml(RULE_RESOURCE);
    expect(resource.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(resource.kind).toBe('PrometheusRule');
    expect(resource.spec).toEqual(rulesFile());
  });

  describe('as the microservices overlay renders it', () => {
    const objects = () => render('deploy/overlays/microservices');

    test('renders one PodMonitor and one PrometheusRule, valid', () => {
      const mon = objects().filter((o) => o.apiVersion === 'monitoring.coreos.com/v1');
      expect(mon.map(id).sort()).toEqual(['PodMonitor/herald', 'PrometheusRule/herald']);
      expect(mon.flatMap((o) => validate(o).map((e) => `${id(o)}: ${e}`))).toEqual([]);
      expect(find(objects(), 'PrometheusRule', 'herald')!.spec).toEqual(rulesFile());
    });

    test('the PodMonitor scrapes /metrics on the http port of every Herald Deployment, and labels the series by target', () => {
      const pm = find(objects(), 'PodMonitor', 'herald')!;
      const deployments = byKind(objects(), 'Deployment').filter(isHerald);
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual(TARGETS.map((t) => `herald-${t}`).sort());
      const [endpoint] = pm.spec.podMetricsEndpoints;
      expect(pm.spec.podMetricsEndpoints).toHaveLength(1);
      expect(endpoint.path).toBe('/metrics');
      for (const d of deployments) {
        expect({ d: id(d), selected: selects(pm.spec.selector.matchLabels, podTemplateLabels(d)) }).toEqual({ d: id(d), selected: true });
        const ports = podSpec(d)
          .containers.flatMap((c: any) => c.ports ?? [])
          .map((p: any) => p.name);
        expect({ d: id(d), ports }).toEqual({ d: id(d), ports: expect.arrayContaining([endpoint.port]) });
      }
      expect(endpoint.relabelings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ sourceLabels: ['__meta_kubernetes_pod_label_app_kubernetes_io_component'], targetLabel: 'component' }),
        ]),
      );
      // The NetworkPolicies let the monitoring namespace reach that port.
      const allow = byKind(objects(), 'NetworkPolicy').find((np) =>
        (np.spec.ingress ?? []).some(
          (i: any) => (i.ports ?? []).some((p: any) => p.port === endpoint.port) && (i.from ?? []).some((f: any) => f.namespaceSelector),
        ),
      );
      expect(allow).toBeDefined();
    });
  });

  test('the dev overlay drops the monitoring objects (no Prometheus Operator on a laptop cluster)', () => {
    expect(
      render('deploy/overlays/dev')
        .filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))
        .map(id),
    ).toEqual([]);
  });
});

describe('Grafana dashboard (deploy/observability/grafana/herald.json)', () => {
  test('parses, with the Prometheus data source as the variable DS_PROMETHEUS on every panel and query', () => {
    const d = dashboard();
    expect(d.title).toBe('Herald');
    expect(typeof d.uid).toBe('string');
    const ds = (d.templating?.list ?? []).find((v: any) => v.name === 'DS_PROMETHEUS');
    expect(ds).toMatchObject({ type: 'datasource', query: 'prometheus' });
    const bad: string[] = [];
    for (const p of dashboardPanels(d).filter((x) => x.type !== 'row')) {
      if (p.datasource?.uid !== '${DS_PROMETHEUS}') bad.push(`${p.title}: datasource ${JSON.stringify(p.datasource)}`);
      if (!(p.targets ?? []).length) bad.push(`${p.title}: no query`);
      for (const t of p.targets ?? []) if (t.datasource && t.datasource.uid !== '${DS_PROMETHEUS}') bad.push(`${p.title}/${t.refId}: datasource`);
    }
    expect(bad).toEqual([]);
    const ids = dashboardPanels(d).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('has the rows Sending, Ingestion, Bus and Campaigns & workflows', () => {
    expect(
      dashboardPanels()
        .filter((p) => p.type === 'row')
        .map((p) => p.title),
    ).toEqual(['Sending', 'Ingestion', 'Bus', 'Campaigns & workflows']);
  });

  test('panels do not overlap', () => {
    const boxes = dashboardPanels().map((p) => ({ t: p.title, ...p.gridPos }));
    const bad: string[] = [];
    for (const [i, a] of boxes.entries()) {
      if (a.x + a.w > 24) bad.push(`${a.t}: wider than the grid`);
      for (const b of boxes.slice(i + 1)) {
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) bad.push(`${a.t} overlaps ${b.t}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('every query balances its brackets, calls PromQL functions and names only Herald metrics', () => {
    const bad: string[] = [];
    const exprs = dashboardExprs();
    expect(exprs.length).toBeGreaterThan(10);
    for (const e of exprs) {
      for (const p of bracketProblems(e)) bad.push(`${e}: ${p}`);
      const { metrics, unknownFunctions } = parsePromql(e);
      if (metrics.length === 0) bad.push(`${e}: names no metric`);
      for (const m of metrics) if (!family(m)) bad.push(`${e}: ${m} is not a Herald metric`);
      for (const f of unknownFunctions) bad.push(`${e}: ${f}() is not a PromQL function`);
    }
    expect(bad).toEqual([]);
  });

  test('shows every metric of the catalogue (a metric nobody looks at is missing a panel)', () => {
    const shown = new Set(namedMetrics().map(family));
    expect(Object.keys(METRICS).filter((m) => !shown.has(m))).toEqual([]);
  });
});

describe('compose scrape config (deploy/observability/prometheus/prometheus.yml)', () => {
  const compose = readYaml('docker-compose.yml', true);
  const services: Record<string, any> = compose.services;
  const defaults = (s: string): string => String(s).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
  const env = (svc: any): Record<string, string> => Object.fromEntries(Object.entries(svc.environment ?? {}).map(([k, v]) => [k, defaults(String(v))]));
  const heraldServices = Object.entries(services).filter(([, s]) => /^herald:/.test(defaults(s.image ?? '')) && s.restart !== 'no');
  const config = YAML.parse(readText(SCRAPE_CONFIG));
  const targets = new Map<string, string>();
  for (const job of config.scrape_configs) {
    for (const sc of job.static_configs ?? []) for (const t of sc.targets) targets.set(t, sc.labels?.component);
  }

  test('scrapes /metrics of every long-running Herald service, on its PORT, labelled with its TARGET', () => {
    expect(heraldServices.map(([n]) => n)).toEqual(expect.arrayContaining(TARGETS.map((t) => `herald-${t}`)));
    for (const [n, s] of heraldServices) {
      const target = `${n}:${env(s).PORT}`;
      expect({ target, component: targets.get(target) }).toEqual({ target, component: env(s).TARGET });
    }
    for (const job of config.scrape_configs) expect(job.metrics_path ?? '/metrics').toBe('/metrics');
  });

  test('names no service that docker-compose.yml does not run', () => {
    expect([...targets.keys()].filter((t) => !services[t.split(':')[0]])).toEqual([]);
    expect(targets.size).toBe(heraldServices.length);
  });

  test('loads the rules file where the prometheus service mounts it', () => {
    const prom = services.prometheus;
    expect(prom.profiles).toEqual(['observability']);
    const mount = (prom.volumes as string[]).find((v) => v.startsWith('./deploy/observability/prometheus:'))!;
    expect(mount).toBeDefined();
    const inContainer = mount.split(':')[1];
    expect(config.rule_files).toEqual([`${inContainer}/rules.yaml`]);
    expect(prom.command).toContain(`--config.file=${inContainer}/prometheus.yml`);
  });

  test('Grafana provisions the Prometheus data source and the dashboard file', () => {
    const grafana = services.grafana;
    expect(grafana.profiles).toEqual(['observability']);
    const mounts: string[] = grafana.volumes;
    const dash = mounts.find((v) => v.startsWith(`./${DASHBOARD}:`))!;
    expect(dash).toBeDefined();
    const provisioning = mounts.find((v) => v.endsWith(':/etc/grafana/provisioning:ro'))!;
    const dir = provisioning.split(':')[0];
    const ds = YAML.parse(readText(path.join(dir, 'datasources/prometheus.yaml')));
    expect(ds.datasources[0]).toMatchObject({ type: 'prometheus', url: `http://prometheus:${String(services.prometheus.ports[0]).split(':').pop()}` });
    const provider = YAML.parse(readText(path.join(dir, 'dashboards/herald.yaml'))).providers[0];
    expect(path.posix.dirname(dash.split(':')[1])).toBe(provider.options.path);
  });
});
