/**
 * EXPLAIN (ANALYZE, BUFFERS) of a count, rendered as a compact tree: each node with its rows,
 * loops, total and self time (the node less its children) and buffers, its conditions, then
 * planning, execution and JIT time. Where a count's time goes, at a glance.
 */
import type { Client } from 'pg';
import type { SqlQuery } from '../../libs/audience/src';
import { f1 } from '../lib';

export interface PlanSummary {
  root: any;
  planningMs: number;
  executionMs: number;
  jit?: { functions: number; totalMs: number };
}

export async function explain(c: Client, q: SqlQuery): Promise<PlanSummary> {
  const r = await c.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, values: q.values });
  const out = r.rows[0]['QUERY PLAN'][0];
  const jit = out.JIT ? { functions: out.JIT.Functions, totalMs: out.JIT.Timing?.Total ?? NaN } : undefined;
  return { root: out.Plan, planningMs: out['Planning Time'], executionMs: out['Execution Time'], jit };
}

/** ms the node ran, over all its loops (for a node under Gather: summed over the processes). */
const totalMs = (n: any) => (n['Actual Total Time'] ?? 0) * (n['Actual Loops'] ?? 1);

const CONDITIONS = ['Index Cond', 'Recheck Cond', 'Hash Cond', 'Merge Cond', 'Join Filter', 'Filter', 'One-Time Filter'];

export function renderPlan(p: PlanSummary, indent = ''): string {
  const lines: string[] = [];
  const walk = (n: any, depth: number) => {
    const children: any[] = n.Plans ?? [];
    const self = Math.max(0, totalMs(n) - children.reduce((s, ch) => s + totalMs(ch), 0));
    const what = [
      n['Parent Relationship'] === 'InitPlan' || n['Parent Relationship'] === 'SubPlan' ? `${n['Subplan Name'] ?? n['Parent Relationship']}: ` : '',
      n['Node Type'],
    ];
    if (n['Join Type'] && n['Node Type'] !== 'Hash') what.push(` ${n['Join Type']}`);
    if (n['Index Name']) what.push(` using ${n['Index Name']}`);
    if (n['Relation Name']) what.push(` on ${n['Relation Name']}${n.Alias && n.Alias !== n['Relation Name'] ? ` ${n.Alias}` : ''}`);
    if (n['Workers Launched'] !== undefined) what.push(` (${n['Workers Launched']} workers)`);
    const hit = n['Shared Hit Blocks'] ?? 0;
    const read = n['Shared Read Blocks'] ?? 0;
    const pad = '  '.repeat(depth);
    // EXPLAIN prints a loop's time to 3 decimals: over many short loops the total is approximate.
    const approx = (n['Actual Loops'] ?? 1) > 1 && (n['Actual Total Time'] ?? 0) < 0.1 ? '≈' : '';
    lines.push(
      `${indent}${pad}${what.join('')}  rows ${n['Actual Rows']} (estimated ${n['Plan Rows']}) × ${n['Actual Loops']} loops, ${approx}${f1(totalMs(n))} ms (self ${approx}${f1(self)} ms), buffers hit ${hit} read ${read}` +
        (n['Rows Removed by Filter'] ? `, removed by filter ${n['Rows Removed by Filter']} × loops` : '') +
        (n['Heap Fetches'] !== undefined ? `, heap fetches ${n['Heap Fetches']}` : ''),
    );
    for (const k of CONDITIONS) if (n[k]) lines.push(`${indent}${pad}    ${k}: ${String(n[k]).slice(0, 220)}`);
    for (const ch of children) walk(ch, depth + 1);
  };
  walk(p.root, 0);
  lines.push(
    `${indent}planning ${f1(p.planningMs)} ms, execution ${f1(p.executionMs)} ms${p.jit ? `, JIT ${p.jit.functions} functions ${f1(p.jit.totalMs)} ms (in the execution)` : ''}`,
  );
  return lines.join('\n');
}
