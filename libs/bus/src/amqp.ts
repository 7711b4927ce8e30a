import amqp from 'amqplib';
import pLimit from 'p-limit';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { DomainEvent, parseDomainEvent } from '../../contracts/src/events';
import { Batcher, logger } from '../../kit/src';
import { DELIVERY_LIMIT } from './dead-letters';
import { deliver, routingKeyOf, settled, Subscription, Transport, WorkSubscription } from './transport';

const PREFETCH = 64;
/**
 * Work items per message: a relay batch of emails goes to the broker as a few messages, not one
 * per email. A sender holds at most its prefetch (`concurrency` messages) times this many items.
 */
export const WORK_ITEMS_PER_MESSAGE = 16;
/** Headers of a work message published again by a consumer (see `onWork`). */
const REDELIVERED = 'x-herald-redelivered';
const FAILURES = 'x-herald-failures';

/**
 * Split topology: topic exchange `<ns>herald.events` (routing key = event type), one durable
 * quorum queue `<ns><service>.events` per consuming service (replicas compete). An event a
 * consumer fails on goes to its failed_events like in all-in-one (see `deliver`) and the message
 * is acked; messages that could not be handled or recorded at all (unparseable, or the database
 * down) are dead-lettered to `<ns><service>.events.dlq` after DELIVERY_LIMIT deliveries. Publishing
 * uses confirms. Reconnects on its own; the outbox keeps what could not be published.
 */
export class AmqpTransport implements Transport {
  readonly name = 'amqp' as const;
  private conn?: ChannelModel;
  private pub?: ConfirmChannel;
  private subs: Subscription[] = [];
  private workers: WorkSubscription[] = [];
  private stopping = false;
  private quiescing = false;
  /** Consumers of the current connection (cancelled by `quiesce`) and the handlers they have running. */
  private consumers: Array<{ ch: Channel; tag: string }> = [];
  private inFlight = 0;
  private connecting?: Promise<void>;
  private readonly exchange: string;
  private readonly dlx: string;

  /**
   * `connectTimeoutMs`: how long `start` keeps trying to reach the broker and set up (a broker
   * still starting, or one that fails a declaration under load with 541 INTERNAL_ERROR) before
   * it gives up.
   */
  constructor(
    private readonly url: string,
    private readonly ns = '',
    private readonly connectTimeoutMs = 60_000,
  ) {
    this.exchange = `${ns}herald.events`;
    this.dlx = `${ns}herald.events.dlx`;
  }

  queueOf(service: string) {
    return `${this.ns}${service}.events`;
  }

  /** Connects and sets up, retrying with backoff (0.25 s doubling to 5 s) for up to `connectTimeoutMs`. */
  async start() {
    const deadline = Date.now() + this.connectTimeoutMs;
    for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
      try {
        return await this.connect();
      } catch (err) {
        if (this.stopping) throw err;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`RabbitMQ not reachable within ${this.connectTimeoutMs} ms: ${(err as Error).message}`);
        logger.warn({ err: (err as Error).message, retryInMs: Math.min(delay, left) }, 'RabbitMQ connect failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(delay, left)));
        if (this.stopping) throw new Error('stopped while connecting to RabbitMQ');
      }
    }
  }

  ready() {
    return !!this.pub;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.doConnect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /**
   * One attempt. A connection that fails during setup is closed and the attempt rejects (its caller
   * retries); only a connection that was fully set up reconnects on its own when it closes.
   */
  private async doConnect() {
    const conn = await amqp.connect(this.url);
    let established = false;
    conn.on('error', (err) => logger.warn({ err: err.message }, 'RabbitMQ connection error'));
    conn.on('close', () => {
      if (!established) return;
      this.conn = undefined;
      this.pub = undefined;
      if (!this.stopping) this.reconnectSoon();
    });
    try {
      const pub = await conn.createConfirmChannel();
      // A publishing channel closed on its own (a channel error) is replaced with the connection.
      pub.on('close', () => {
        if (established && this.conn === conn && !this.stopping) conn.close().catch(() => undefined);
      });
      await pub.assertExchange(this.exchange, 'topic', { durable: true });
      await pub.assertExchange(this.dlx, 'direct', { durable: true });
      this.conn = conn;
      this.consumers = [];
      for (const sub of this.subs) if (!this.quiescing) await this.consume(conn, sub);
      for (const w of this.workers) if (!this.quiescing) await this.consumeWork(conn, w, pub);
      this.pub = pub;
      established = true;
    } catch (err) {
      this.conn = undefined;
      await conn.close().catch(() => undefined);
      throw err;
    }
    logger.info({ exchange: this.exchange }, 'connected to RabbitMQ');
  }

  private reconnectSoon(delay = 1000) {
    setTimeout(() => {
      if (this.stopping || this.conn) return;
      this.connect().catch((err) => {
        logger.warn({ err: err.message }, 'RabbitMQ reconnect failed');
        this.reconnectSoon(Math.min(delay * 2, 10_000));
      });
    }, delay).unref();
  }

  /**
   * One message per run of consecutive events with the same routing key — a JSON array of
   * envelopes — so a relay batch costs the broker and the consumers a few messages, not one per
   * event, and order is kept. Work items (routing key `<type>.<lane>`) go at most
   * WORK_ITEMS_PER_MESSAGE to a message, so a backlog still spreads over the sender replicas.
   */
  async publish(events: DomainEvent[]) {
    const ch = this.pub;
    if (!ch) throw new Error('not connected to RabbitMQ');
    let run: DomainEvent[] = [];
    let runKey = '';
    // Each message's own confirm: the channel is shared (see onWork), and waitForConfirms would
    // fail this batch for a message of someone else's that the broker refused.
    const confirms: Array<Promise<void>> = [];
    const flush = () => {
      if (!run.length) return;
      const [key, body, first] = [runKey, Buffer.from(JSON.stringify(run)), run[0]];
      confirms.push(
        confirmed((done) =>
          ch.publish(this.exchange, key, body, { persistent: true, messageId: first.id, type: first.type, contentType: 'application/json' }, done),
        ),
      );
      run = [];
    };
    for (const e of events) {
      const key = routingKeyOf(e);
      if (key !== runKey || (key !== e.type && run.length >= WORK_ITEMS_PER_MESSAGE)) flush();
      runKey = key;
      run.push(e);
    }
    flush();
    await Promise.all(confirms);
  }

  async subscribe(sub: Subscription) {
    this.subs.push(sub);
    if (this.conn) await this.consume(this.conn, sub);
  }

  async work(w: WorkSubscription) {
    this.workers.push(w);
    if (this.conn && this.pub) await this.consumeWork(this.conn, w, this.pub);
  }

  /**
   * The exchanges, then the durable quorum queue `queue` whose rejected and over-limit messages
   * (x-delivery-limit) are dead-lettered through the DLX to its quorum queue `<queue>.dlq`.
   */
  private async assertQueueWithDlq(ch: Channel, queue: string) {
    const dlq = `${queue}.dlq`;
    await ch.assertExchange(this.exchange, 'topic', { durable: true });
    await ch.assertExchange(this.dlx, 'direct', { durable: true });
    await ch.assertQueue(dlq, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await ch.bindQueue(dlq, this.dlx, queue);
    await ch.assertQueue(queue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        'x-dead-letter-exchange': this.dlx,
        'x-dead-letter-routing-key': queue,
        'x-delivery-limit': DELIVERY_LIMIT,
      },
    });
  }

  /**
   * A work queue: durable quorum queue `<ns><queue>`. A message holds one item or an array of them
   * (see `publish`); prefetch is `concurrency` messages, and the items of all of them share
   * `concurrency` slots, so no more than that many handlers run at once. `pub` (the connection's
   * publishing channel) hands left-over items back (see `onWork`).
   */
  private async consumeWork(conn: ChannelModel, w: WorkSubscription, pub: ConfirmChannel) {
    const queue = `${this.ns}${w.queue}`;
    const ch: Channel = await conn.createChannel();
    await this.assertQueueWithDlq(ch, queue);
    await ch.bindQueue(queue, this.exchange, `${w.type}.${w.lane}`);
    await ch.prefetch(w.concurrency);
    const slots = pLimit(w.concurrency);
    // Items still waiting for a slot when the channel closes are not started: the broker hands
    // their message to a consumer again, and two workers must not claim one email.
    let open = true;
    ch.on('close', () => (open = false));
    // Cancelled by the broker (queue deleted, or failed over): the channel stays open until the
    // messages it holds are settled, so they are not handed to another worker while running here.
    let running = 0;
    let cancelled = false;
    const closeWhenIdle = () => {
      if (cancelled && running === 0) ch.close().catch(() => undefined);
    };
    const { consumerTag } = await ch.consume(queue, (msg) => {
      if (msg === null) {
        logger.warn({ queue }, 'work consumer cancelled by RabbitMQ; resubscribing');
        cancelled = true;
        closeWhenIdle();
        if (this.conn && this.pub && !this.stopping && !this.quiescing)
          this.consumeWork(this.conn, w, this.pub).catch((err) => logger.error({ err }, 'resubscribe failed'));
        return;
      }
      // Arriving while shutting down is handled by onWork: nothing starts, the items go back.
      let items: DomainEvent[];
      try {
        items = envelopesIn(msg);
      } catch {
        safe(() => ch.nack(msg, false, false));
        return;
      }
      this.inFlight++;
      running++;
      void this.onWork(ch, pub, queue, w, slots, msg, items, () => open).finally(() => {
        this.inFlight--;
        running--;
        closeWhenIdle();
      });
    });
    await this.track(ch, consumerTag);
  }

  /**
   * Runs a message's items, each in a slot, and acks the message once all are done.
   *
   * Items left over go back to the queue as a new message, and only they: an item that failed
   * (marked redelivered, as it may have claimed its row; dead-lettered after DELIVERY_LIMIT
   * failures), and an item not started because the process is shutting down (with the flag it came
   * with). Requeueing the whole message instead would hand its never-started items back flagged
   * redelivered — which lets a claim take a row another worker is sending — and count shutdowns
   * toward the delivery limit. The original is acked once the broker confirmed what was handed
   * back (each publish's own confirm: the relay publishes on the same channel, and a refusal of
   * one of its messages must not count here). If nothing could be handed back, the original is
   * requeued whole, as after a crash; if only part could, it is acked all the same and the owner's
   * sweep enqueues the rest again, rather than have the part handed back run twice. If the channel
   * closed, nothing is settled: the broker delivers the message again, whole.
   */
  private async onWork(
    ch: Channel,
    pub: ConfirmChannel,
    queue: string,
    w: WorkSubscription,
    slots: pLimit.Limit,
    msg: ConsumeMessage,
    items: DomainEvent[],
    open: () => boolean,
  ) {
    const headers = msg.properties.headers ?? {};
    const info = { redelivered: msg.fields.redelivered || headers[REDELIVERED] === true, stopping: () => this.quiescing || !open() };
    const outcomes = await Promise.all(
      items.map((item) =>
        slots(async (): Promise<'done' | 'failed' | 'skipped'> => {
          if (this.quiescing || !open()) return 'skipped';
          try {
            await w.handler(item, info);
            return 'done';
          } catch (err) {
            logger.warn({ err: (err as Error).message, queue }, 'work item failed; it goes back to the queue');
            return 'failed';
          }
        }),
      ),
    );
    if (outcomes.every((o) => o === 'done')) return safe(() => ch.ack(msg));
    if (!open()) return;
    const failed = items.filter((_, i) => outcomes[i] === 'failed');
    const skipped = items.filter((_, i) => outcomes[i] === 'skipped');
    const failures = Number(headers[FAILURES] ?? 0);
    const body = (list: DomainEvent[]) => Buffer.from(JSON.stringify(list));
    const options = (h: Record<string, unknown>) => ({ persistent: true, contentType: 'application/json', headers: h });
    const handBacks: Array<Promise<void>> = [];
    try {
      if (failed.length && failures + 1 >= DELIVERY_LIMIT) {
        logger.error({ queue, items: failed.length }, `work items failed ${DELIVERY_LIMIT} times; dead-lettered`);
        handBacks.push(confirmed((done) => pub.publish(this.dlx, queue, body(failed), options({ [FAILURES]: failures + 1 }), done)));
      } else if (failed.length) {
        handBacks.push(confirmed((done) => pub.sendToQueue(queue, body(failed), options({ [REDELIVERED]: true, [FAILURES]: failures + 1 }), done)));
      }
      if (skipped.length)
        handBacks.push(confirmed((done) => pub.sendToQueue(queue, body(skipped), options({ [REDELIVERED]: info.redelivered, [FAILURES]: failures }), done)));
    } catch (err) {
      handBacks.push(Promise.reject(err)); // the channel is gone (publish throws)
    }
    const results = await Promise.allSettled(handBacks);
    const lost = results.filter((r) => r.status === 'rejected').length;
    if (lost === results.length) {
      logger.warn({ queue }, 'could not hand work items back; their message is requeued');
      return safe(() => ch.nack(msg, false, true));
    }
    if (lost) logger.error({ queue }, "some work items could not be handed back; their owner's sweep enqueues them again");
    safe(() => ch.ack(msg));
  }

  private async consume(conn: ChannelModel, sub: Subscription) {
    const queue = this.queueOf(sub.service);
    const ch: Channel = await conn.createChannel();
    await this.assertQueueWithDlq(ch, queue);
    for (const type of Object.keys(sub.handlers)) await ch.bindQueue(queue, this.exchange, type);
    await ch.prefetch(PREFETCH);
    // Messages that arrive while a batch is being handled are handled together in the next one.
    const batcher = new Batcher(
      (events: DomainEvent[]) => deliver(sub, events).then((errors) => errors.map((error) => ({ ok: true as const, value: !error }))),
      {
        name: `${sub.service}.consume`,
        maxBatch: 500,
        concurrency: 1,
      },
    );
    const { consumerTag } = await ch.consume(queue, (msg) => {
      if (msg === null) {
        // The broker cancelled us (queue deleted or failed over): never ack a null, set up again.
        logger.warn({ queue }, 'consumer cancelled by RabbitMQ; resubscribing');
        ch.close().catch(() => undefined);
        if (this.conn && !this.stopping && !this.quiescing) this.consume(this.conn, sub).catch((err) => logger.error({ err }, 'resubscribe failed'));
        return;
      }
      if (this.quiescing) return safe(() => ch.nack(msg, false, true));
      this.inFlight++;
      void this.onMessage(ch, sub, msg, batcher).finally(() => this.inFlight--);
    });
    await this.track(ch, consumerTag);
  }

  /** A message holds one envelope or an array of them (see `publish`); acked once all are done. */
  private async onMessage(ch: Channel, sub: Subscription, msg: ConsumeMessage, batcher: Batcher<DomainEvent, boolean>) {
    let events: DomainEvent[];
    try {
      events = envelopesIn(msg);
    } catch (err) {
      logger.error({ err: (err as Error).message, queue: this.queueOf(sub.service) }, 'unparseable domain event dead-lettered');
      safe(() => ch.nack(msg, false, false));
      return;
    }
    const done = await Promise.all(events.map((e) => batcher.submit(e).catch(() => false)));
    if (done.every(Boolean)) safe(() => ch.ack(msg));
    // A failure not even recorded (see `deliver`): redelivered (the inbox skips what was done), dead-lettered after DELIVERY_LIMIT tries.
    else safe(() => ch.nack(msg, false, true));
  }

  /** A consumer `quiesce` can cancel; one that started while quiescing is cancelled at once. */
  private async track(ch: Channel, tag: string) {
    this.consumers = this.consumers.filter((c) => c.ch !== ch); // a resubscribed queue's old entry
    this.consumers.push({ ch, tag });
    if (this.quiescing) await ch.cancel(tag).catch(() => undefined);
  }

  /**
   * Cancels every consumer (unstarted messages stay in RabbitMQ; one that arrives before the
   * cancel takes effect is requeued) and waits for the running handlers, all within `timeoutMs`.
   */
  async quiesce(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    this.quiescing = true;
    const cancels = Promise.all(
      [this.connecting, ...this.consumers.map(({ ch, tag }) => ch.cancel(tag))].map((p) => Promise.resolve(p).catch(() => undefined)),
    );
    await Promise.race([cancels, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    await settled(() => this.inFlight > 0, deadline - Date.now());
  }

  /**
   * Closes the consumers' channels, then the connection. amqplib's `close` never settles on a
   * connection whose socket already died (its close event may still be on the way), so the close
   * event or 5 s end the wait too.
   *
   * Channels first: amqplib sends each channel's frames through a buffer of its own and merges
   * them in no fixed order, so a connection close could reach the broker before an ack just sent
   * on a consumer's channel, and the broker would requeue a message that was handled. A channel's
   * close follows its own ack.
   */
  async stop() {
    this.stopping = true;
    const conn = this.conn;
    if (!conn) return;
    const closeAll = async () => {
      await Promise.all(this.consumers.map(({ ch }) => ch.close().catch(() => undefined)));
      await conn.close().catch(() => undefined);
    };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closeAll(), new Promise((r) => conn.once('close', r)), new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
  }
}

/** The envelopes a message holds: one, or an array of them (see `publish`). Throws if unparseable. */
function envelopesIn(msg: ConsumeMessage): DomainEvent[] {
  const body: unknown = JSON.parse(msg.content.toString('utf8'));
  return (Array.isArray(body) ? body : [body]).map(parseDomainEvent);
}

/** Resolves when the broker confirms the message `send` publishes (its callback), rejects if it refuses it. */
function confirmed(send: (done: (err: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => send((err) => (err ? reject(err) : resolve())));
}

/** ack/nack on a channel that closed meanwhile throws; the broker redelivers anyway. */
function safe(fn: () => void) {
  try {
    fn();
  } catch {
    /* channel gone: message will be redelivered */
  }
}
