/**
 * The monitoring artifacts (deploy/observability/, deploy/components/monitoring/) and the metrics
 * they name, for test/deploy/observability.test.ts (offline) and e2e/observability.test.ts (against
 * a running Herald's /metrics).
 */
import YAML from 'yaml';
import { readText } from './helpers';

export const RULES_FILE = 'deploy/observability/prometheus/rules.yaml';
export const RULE_RESOURCE = 'deploy/components/monitoring/prometheus-rule.yaml';
export const DASHBOARD = 'deploy/observability/grafana/herald.json';
export const SCRAPE_CONFIG = 'deploy/observability/prometheus/prometheus.yml';

/**
 * The Herald metrics the rules and the dashboard may name, with their Prometheus type. Naming a
 * metric that is not here fails the offline checks; e2e/observability.test.ts checks that each one
 * named is served by a running Herald, with this type.
 */
export const METRICS: Record<string, 'counter' | 'gauge' | 'histogram'> = {
  herald_emails_total: 'counter',
  herald_email_handoff_seconds: 'histogram',
  herald_smtp_responses_total: 'counter',
  herald_send_queue_depth: 'gauge',
  herald_send_queue_oldest_seconds: 'gauge',
  herald_outbox_backlog: 'gauge',
  herald_outbox_oldest_seconds: 'gauge',
  herald_bus_event_age_seconds: 'histogram',
  herald_bus_consumed_total: 'counter',
  herald_bus_published_total: 'counter',
  herald_bus_dead_letters_total: 'counter',
  herald_bus_dead_letters: 'gauge',
  herald_rate_limited_total: 'counter',
  herald_tracks_total: 'counter',
  herald_campaign_recipients_pending: 'gauge',
  herald_workflow_timers_due: 'gauge',
  herald_workflow_timer_lateness_seconds: 'histogram',
  herald_http_request_duration_seconds: 'histogram',
  herald_grpc_call_duration_seconds: 'histogram',
};

const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;

/** The metric family a series name belongs to (`x_bucket` of histogram `x` -> `x`), per METRICS. */
export function family(name: string): string | undefined {
  if (METRICS[name]) return name;
  const base = name.replace(HISTOGRAM_SERIES, '');
  return base !== name && METRICS[base] === 'histogram' ? base : undefined;
}

const FUNCTIONS = new Set(
  (
    'abs absent absent_over_time avg avg_over_time bottomk ceil changes clamp clamp_max clamp_min count count_over_time ' +
    'count_values delta deriv exp floor group histogram_count histogram_quantile histogram_sum idelta increase irate ' +
    'label_join label_replace last_over_time ln max max_over_time min min_over_time predict_linear present_over_time ' +
    'quantile quantile_over_time rate resets round scalar sort sort_desc sqrt stddev stdvar sum sum_over_time time ' +
    'timestamp topk vector'
  ).split(' '),
);
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** Problems with the brackets of an expression (strings ignored): unbalanced or crossed (), {}, []. */
export function bracketProblems(expr: string): string[] {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  for (const ch of expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')) {
    if ('({['.includes(ch)) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) return [`unbalanced ${ch}`];
  }
  return stack.length ? [`unclosed ${stack.join('')}`] : [];
}

/**
 * The metric names a PromQL expression selects, and the functions it calls that PromQL does not
 * have. Grafana variables ($__rate_interval, ${X}) stand for durations or values.
 */
export function parsePromql(expr: string): { metrics: string[]; unknownFunctions: string[] } {
  let s = expr.replace(/\$\{\w+\}|\$\w+/g, '1m').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  // Label matchers and range/subquery durations select no metric.
  for (let prev = ''; prev !== s;) [prev, s] = [s, s.replace(/\{[^{}]*\}/g, ' ').replace(/\[[^[\]]*\]/g, ' ')];
  // Label lists of aggregations and vector matching.
  s = s.replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const metrics = new Set<string>();
  const unknownFunctions = new Set<string>();
  for (const m of s.matchAll(/(?<![\w.:])[a-zA-Z_:][\w:]*/g)) {
    const word = m[0];
    const next = s.slice(m.index! + word.length).trimStart()[0];
    if (next === '(') {
      if (!FUNCTIONS.has(word)) unknownFunctions.add(word);
    } else if (!KEYWORDS.has(word.toLowerCase())) metrics.add(word);
  }
  return { metrics: [...metrics], unknownFunctions: [...unknownFunctions] };
}

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function rulesFile(): { groups: Array<{ name: string; rules: Rule[] }> } {
  return YAML.parse(readText(RULES_FILE));
}

export function rules(): Rule[] {
  return rulesFile().groups.flatMap((g) => g.rules);
}

export function dashboard(): any {
  return JSON.parse(readText(DASHBOARD));
}

/** Every panel of the dashboard, rows' nested panels included. */
export function dashboardPanels(d = dashboard()): any[] {
  return (d.panels ?? []).flatMap((p: any) => [p, ...(p.panels ?? [])]);
}

/** Every PromQL expression of the dashboard: panel targets and query variables. */
export function dashboardExprs(d = dashboard()): string[] {
  const targets = dashboardPanels(d).flatMap((p: any) => (p.targets ?? []).map((t: any) => t.expr).filter(Boolean));
  const variables = (d.templating?.list ?? [])
    .filter((v: any) => v.type === 'query')
    .map((v: any) => (typeof v.query === 'string' ? v.query : v.query?.query))
    .filter(Boolean)
    // label_values(metric{...}, label) names a metric; query_result(expr) wraps one.
    .map((q: string) => q.replace(/^label_values\((.*),\s*\w+\)$/, '$1').replace(/^query_result\((.*)\)$/, '$1'));
  return [...targets, ...variables];
}

/** Every metric (series) name the rules and the dashboard select. */
export function namedMetrics(): string[] {
  const exprs = [...rules().map((r) => r.expr), ...dashboardExprs()];
  return [...new Set(exprs.flatMap((e) => parsePromql(e).metrics))].sort();
}
