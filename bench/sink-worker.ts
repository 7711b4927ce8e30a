/**
 * The SMTP sink of the mail benches (bench/send, bench/campaign), run in a worker thread of the
 * bench (its own event loop, so the load generator and the raw nodemailer blast do not delay it). smtp-server on 127.0.0.1; for each
 * message it reads only the header block (up to the first blank line) for the Message-ID, counts
 * the bytes, notes the envelope recipient, and records the arrival time at the end of DATA (before
 * it answers 250). No parsing
 * (unlike libs/testing's SmtpSink, which runs mailparser on every message), so the sink is never
 * the bottleneck; its event-loop utilization is reported so that can be checked.
 *
 * Times are `process.hrtime` in ms: CLOCK_MONOTONIC, the same clock in every thread of the process.
 *
 * Protocol (parentPort): → { type: 'ready', port } once listening; right after arrivals (one
 * message per turn of the event loop, so the bench's end-to-end load loop can refill at once) and on
 * { type: 'flush', seq } → { type: 'batch', seq?, ids, rcpts, times, bytes, elu: { idle, active } }.
 * { type: 'close' } stops the server and answers { type: 'closed' }.
 */
import { parentPort } from 'node:worker_threads';
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

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  size: 64 * 1024 * 1024,
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
  port.postMessage({ type: 'batch', seq, ids, rcpts, times, bytes, elu: { idle: elu.idle, active: elu.active } });
  ids = [];
  rcpts = [];
  times = [];
  bytes = [];
}

let scheduled = false;
function scheduleFlush() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    if (ids.length) flush();
  });
}
const timer = setInterval(() => ids.length && flush(), 100);

port.on('message', (m: { type: string; seq?: number }) => {
  if (m.type === 'flush') flush(m.seq);
  if (m.type === 'close') {
    clearInterval(timer);
    server.close(() => port.postMessage({ type: 'closed' }));
  }
});

server.listen(0, '127.0.0.1', () => port.postMessage({ type: 'ready', port: (server.server.address() as { port: number }).port }));
