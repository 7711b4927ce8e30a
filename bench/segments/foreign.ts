/**
 * Other people's work on a shared machine: the CPU that processes other than the bench's own
 * (itself, Herald, the PostgreSQL backends of its database) used during a round. A round in which
 * they used more than a little is measured again rather than counted. Only processes alive at
 * both samples are seen: a process that starts and ends inside a round is missed.
 */
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime (ms) of every process, and its name, from /proc. Empty when there is no /proc. */
export function processCpu(): Map<number, { ms: number; name: string }> {
  const out = new Map<number, { ms: number; name: string }>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      out.set(Number(pid), { ms: (Number(f[11]) + Number(f[12])) * TICK_MS, name });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** CPU ms that processes outside `own` used between two samples, in all and by name (largest first). */
export function foreignCpu(a: ReturnType<typeof processCpu>, b: ReturnType<typeof processCpu>, own: ReadonlySet<number>) {
  let ms = 0;
  const byName = new Map<string, number>();
  for (const [pid, after] of b) {
    const before = a.get(pid);
    if (!before || own.has(pid)) continue;
    const d = after.ms - before.ms;
    if (d <= 0) continue;
    ms += d;
    byName.set(after.name, (byName.get(after.name) ?? 0) + d);
  }
  return { ms, byName: [...byName].sort((x, y) => y[1] - x[1]) };
}
