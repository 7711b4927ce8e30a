/**
 * The SMTP sink of the mail benches (bench/send, bench/campaign), run in a worker thread of the
 * bench (its own event loop, so the load generator and the raw nodemailer blast do not delay it). smtp-server on
 * `workerData.host` (127.0.0.1 unless given) and `workerData.port` (a free one unless given); for each
 * message it reads only the header block (up to the first blank line) for the Message-ID, counts
 * the bytes, notes the envelope recipient, and records the arrival time at the end of DATA (before
 * it answers 250). No parsing
 * (unlike libs/testing's SmtpSink, which runs mailparser on every message), so the sink is never
 * the bottleneck; its event-loop utilization is reported so that can be checked.
 *
 * Times are `process.hrtime` in ms: CLOCK_MONOTONIC, the same clock in every thread of the process.
 *
 * Deferrals (bench/send's providers mode): after { type: 'defer', ratio, seed }, each message is
 * answered `421 4.7.0 Try again later` with probability `ratio` (a seeded PRNG, so runs repeat), and
 * the server closes the connection, as a 421 does. Deferred messages are not arrivals: they are
 * reported in `deferred` (Message-ID keys) and `deferredTimes`. `open` is the number of mail
 * transactions open now (MAIL FROM seen, DATA not yet answered), `peak` the most since the last
 * batch, and `openMs` the integral of `open` over time until `at`: what the sender really has in
 * flight at this server.
 *
 * Protocol (parentPort): → { type: 'ready', port } once listening (or { type: 'error', message });
 * right after arrivals (one message per turn of the event loop, so the bench's end-to-end load loop
 * can refill at once) and on { type: 'flush', seq } → { type: 'batch', seq?, ids, rcpts, times,
 * bytes, deferred, deferredTimes, open, peak, openMs, at, elu: { idle, active } }. { type: 'close' } stops the
 * server and answers { type: 'closed' }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

const port = parentPort!;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const MAX_HEAD = 64 * 1024;
const MESSAGE_ID = /^message-id:[ \t]*(?:\r?\n[ \t]+)?<([^>\r\n]*)>/im;

let ids: string[] = [];
let rcpts: string[] = [];
let times: number[] = [];
let bytes: number[] = [];
let deferred: string[] = [];
let deferredTimes: number[] = [];
let open = 0;
let peak = 0;
/** The integral of `open` over time (transaction-ms), so the bench can take the mean open over any span. */
let openMs = 0;
let openSince = nowMs();
const setOpen = (n: number) => {
  const now = nowMs();
  openMs += open * (now - openSince);
  openSince = now;
  open = n;
};
let deferRatio = 0;
let rand = () => 1;
/** mulberry32: a small seeded PRNG, so a run's deferrals repeat. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Sessions with a mail transaction open (MAIL FROM seen, DATA not answered yet). */
const inTransaction = new Set<string>();
const endTransaction = (id: string) => {
  if (inTransaction.delete(id)) setOpen(open - 1);
};

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  size: 64 * 1024 * 1024,
  onMailFrom(_address, session, callback) {
    if (!inTransaction.has(session.id)) {
      inTransaction.add(session.id);
      setOpen(open + 1);
      peak = Math.max(peak, open);
    }
    callback();
  },
  onClose(session) {
    endTransaction(session.id);
  },
  onData(stream, session, callback) {
    let head = '';
    let headDone = false;
    let n = 0;
    stream.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (headDone) return;
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end >= 0) {
        head = head.slice(0, end);
        headDone = true;
      } else if (head.length > MAX_HEAD) headDone = true;
    });
    stream.on('end', () => {
      const at = nowMs();
      const m = MESSAGE_ID.exec(head);
      endTransaction(session.id);
      if (deferRatio > 0 && rand() < deferRatio) {
        deferred.push(m ? m[1] : '');
        deferredTimes.push(at);
        scheduleFlush();
        return callback(Object.assign(new Error('4.7.0 Try again later'), { responseCode: 421 }));
      }
      ids.push(m ? m[1] : '');
      rcpts.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','));
      times.push(at);
      bytes.push(n);
      scheduleFlush();
      callback();
    });
  },
});
server.on('error', (err) => console.error('[sink] smtp-server error:', err.message));

function flush(seq?: number) {
  const elu = performance.eventLoopUtilization();
  setOpen(open);
  port.postMessage({
    type: 'batch',
    seq,
    ids,
    rcpts,
    times,
    bytes,
    deferred,
    deferredTimes,
    open,
    peak,
    openMs,
    at: openSince,
    elu: { idle: elu.idle, active: elu.active },
  });
  ids = [];
  rcpts = [];
  times = [];
  bytes = [];
  deferred = [];
  deferredTimes = [];
  peak = open;
}

let scheduled = false;
function scheduleFlush() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    if (ids.length || deferred.length) flush();
  });
}
const timer = setInterval(() => (ids.length || deferred.length) && flush(), 100);

port.on('message', (m: { type: string; seq?: number; ratio?: number; seed?: number }) => {
  if (m.type === 'flush') flush(m.seq);
  if (m.type === 'defer') {
    deferRatio = m.ratio ?? 0;
    rand = prng(m.seed ?? 1);
  }
  if (m.type === 'close') {
    clearInterval(timer);
    server.close(() => port.postMessage({ type: 'closed' }));
  }
});

const { host = '127.0.0.1', port: listenPort = 0 } = (workerData ?? {}) as { host?: string; port?: number };
server.on('error', (err: NodeJS.ErrnoException) => port.postMessage({ type: 'error', message: err.message, code: err.code }));
server.listen(listenPort, host, () => port.postMessage({ type: 'ready', port: (server.server.address() as { port: number }).port }));
