import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * What Herald needs to know of other processes — the split launcher of its port reservations, the
 * embedded PostgreSQL of a PostgreSQL or Herald still running on its data directory — from /proc
 * where there is one (Linux) and from `ps` elsewhere. No dependencies, so a small process can load
 * it without the rest of Herald.
 */

/** /proc/<pid>/stat's fields after the command name (which may hold spaces): [state, ppid, …]. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function ps(pid: number, field: string): string | undefined {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const procMounted = fs.existsSync('/proc/self/stat');
const hasProc = () => procMounted;

/** Whether the process exists and has not exited (a zombie waiting to be reaped has). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.[0] !== 'Z';
}

/**
 * When the process started, as an opaque stamp: with its pid, it names one process, not a later
 * one that was given the same pid. Undefined when it cannot be told.
 */
export function startStamp(pid: number): string | undefined {
  return hasProc() ? procStat(pid)?.[19] : ps(pid, 'lstart');
}

/** The process's parent, when it can be told. */
export function parentOf(pid: number): number | undefined {
  const ppid = Number(hasProc() ? procStat(pid)?.[1] : ps(pid, 'ppid'));
  return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
}

/** The process's command line, its arguments separated by spaces; undefined when it cannot be told. */
export function commandLine(pid: number): string | undefined {
  if (!hasProc()) return ps(pid, 'args');
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The pid and port PostgreSQL records in `<databaseDir>/postmaster.pid` while it runs, if the file is there. */
export function readPostmasterPid(databaseDir: string): { pid: number; dataDir: string; port: number } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(`${databaseDir}/postmaster.pid`, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir: lines[1] ?? '', port: Number(lines[3]) } : undefined;
}

/** Polls until `done()` or the deadline; true when done. */
export async function waitFor(done: () => boolean, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return true;
}
