import { isAlive, readPostmasterPid, waitFor } from './processes';

/**
 * The embedded PostgreSQL's watchdog: a small process of its own (detached from Herald's process
 * group and terminal) that stops PostgreSQL when the Herald that started it dies without stopping
 * it — SIGKILL, a crash, an exit on a path that skipped the stop. Node has no PR_SET_PDEATHSIG, so
 * it learns of Herald's death from a pipe: its stdin is the read end, Herald holds the write end,
 * and the system closes that when Herald dies, however it dies. Herald writes `disarm` once it has
 * stopped PostgreSQL itself; end of input without it means Herald is gone.
 *
 * Usage (started by startEmbeddedPostgres): node pg-watchdog.js <herald pid> <postmaster pid> <database dir>
 * It stops PostgreSQL only while `<database dir>/postmaster.pid` still names that postmaster, with
 * a fast shutdown (SIGINT: connections are closed, the last commits are on disk, the next start
 * needs no recovery), and an immediate one (SIGQUIT) if that has not finished within a minute.
 */
const [heraldPid, postmasterPid] = process.argv.slice(2, 4).map(Number);
const databaseDir = process.argv[4];

/** One JSON line, in the shape of Herald's log, on the output it shares with Herald. */
function log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, name: 'pg-watchdog', ...fields, msg })}\n`);
}
// Whoever read Herald's output may be gone with it.
process.stdout.on('error', () => undefined);

const ours = () => isAlive(postmasterPid) && readPostmasterPid(databaseDir)?.pid === postmasterPid;

async function stopPostgres() {
  if (!ours()) return;
  log('warn', 'Herald has stopped without stopping its embedded PostgreSQL; stopping it (fast shutdown)', {
    heraldPid,
    postgresPid: postmasterPid,
    databaseDir,
  });
  try {
    process.kill(postmasterPid, 'SIGINT');
    if (!(await waitFor(() => !ours(), 60_000))) {
      log('error', 'the embedded PostgreSQL did not stop within a minute; immediate shutdown (it recovers at its next start)', { postgresPid: postmasterPid });
      process.kill(postmasterPid, 'SIGQUIT');
      await waitFor(() => !ours(), 30_000);
    }
    log('info', 'embedded PostgreSQL stopped', { postgresPid: postmasterPid });
  } catch (err) {
    log('error', `could not stop the embedded PostgreSQL: ${(err as Error).message}`, { postgresPid: postmasterPid });
  }
}

if (!Number.isInteger(heraldPid) || !Number.isInteger(postmasterPid) || !databaseDir) {
  log('error', 'usage: pg-watchdog.js <herald pid> <postmaster pid> <database dir>');
  process.exit(2);
}
let disarmed = false;
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  input += chunk;
  if (input.includes('disarm')) disarmed = true;
});
// A pipe broken by Herald's death reads as its end.
process.stdin.on('error', () => process.stdin.emit('end'));
process.stdin.once('end', () => {
  if (disarmed) process.exit(0);
  void stopPostgres().finally(() => process.exit(0));
});
