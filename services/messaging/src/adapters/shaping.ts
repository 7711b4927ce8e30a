import { type Db, sqlOf, type Work } from '../../../../libs/db/src';
import type { Timer } from '../../../../libs/kit/src';
import type { PaceKey, ShapingGate, ShapingOutcome, ShapingRow, Slot } from '../app/ports';
import {
  accepted,
  deferred,
  limitsOf,
  matchReply,
  newPace,
  waitMs,
  type Pace,
  type PaceChange,
  type ProviderLimits,
  type ReplyRule,
  type Throttle,
} from '../domain/shaping';

/** How often each replica reloads the throttles others recorded: a rule one sender met reaches every sender within this. */
const REFRESH_MS = 1000;
/** A message finding the window full waits this long for a place before it is held back in the queue. */
const MAX_WAIT_MS = 2000;
/** A message held back for a full window is due again at least this much later. */
const FULL_HOLD_MS = 1000;
/** What a place is taken for at first, before the lane has measured it (ms). */
const FIRST_BUSY_MS = 100;
/** Waiting starts below this (a rate's spacing); a longer wait is a hold in the queue, which frees the sender. */
const SLEEP_UNDER_MS = 250;

const keyOf = (k: PaceKey) => `${k.projectId}|${k.domain.toLowerCase()}|${k.provider}`;

interface Lane {
  key: PaceKey;
  pace: Pace;
  inFlight: number;
  lastStart: number;
  waiters: Array<() => void>;
  /** How long a place is taken, on average (an exponential moving average of the last ones). */
  busyMs: number;
  /** When the next message held for a full window is due: held ones are spread at the lane's pace, not all due at once. */
  nextDue: number;
}

/**
 * The sender's pace per (project, sending domain, provider): in memory in each sender process (as
 * a Postfix queue manager keeps its own), with the throttles that catalogue rules set recorded in
 * messaging.domain_shaping and picked up by every replica within a second. See domain/shaping.ts.
 */
export class Shaping implements ShapingGate {
  private readonly lanes = new Map<string, Lane>();
  private readonly limits: (provider: string) => ProviderLimits;

  constructor(
    private readonly db: Db,
    private readonly opts: { limits: Record<string, Partial<ProviderLimits>>; rules: readonly ReplyRule[]; timeScale: number },
  ) {
    this.limits = (provider) => limitsOf(provider, opts.limits);
  }

  limitsOf(provider: string) {
    return this.limits(provider);
  }

  /** A place for one message to the key's provider: at once, after a short wait, or not now (then how long to hold it). */
  async acquire(key: PaceKey): Promise<Slot> {
    const lane = this.lane(key);
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const now = Date.now();
      const wait = waitMs(lane.pace, lane.inFlight, lane.lastStart, now);
      if (wait === 0) {
        lane.inFlight++;
        lane.lastStart = now;
        return { ok: true, release: (outcome) => this.release(lane, outcome, now) };
      }
      const t = lane.pace.throttle;
      const reason = t ? `held: sending to ${key.provider} is ${t.ratePerMinute === 0 ? 'suspended' : 'throttled'} (${t.reason})` : '';
      if (wait > 0 && (wait >= SLEEP_UNDER_MS || now + wait > deadline)) return { ok: false, waitMs: wait, reason };
      if (wait > 0) {
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      // The window is full: wait for a message to end, unless as many wait as the window holds
      // (senders waiting on one provider are senders not working for the others) or the wait is over.
      if (now >= deadline || lane.waiters.length >= Math.max(1, Math.floor(lane.pace.window))) {
        // Due in turn: each later hold one place's time (divided by the window) after the one before.
        lane.nextDue = Math.max(lane.nextDue, now + FULL_HOLD_MS);
        const due = lane.nextDue;
        lane.nextDue += lane.busyMs / Math.max(1, Math.floor(lane.pace.window));
        return { ok: false, waitMs: due - now, reason: `held: ${Math.floor(lane.pace.window)} messages to ${key.provider} are in flight` };
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          lane.waiters.splice(lane.waiters.indexOf(wake), 1);
          resolve();
        }, deadline - now);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        lane.waiters.push(wake);
      });
    }
  }

  private release(lane: Lane, outcome: ShapingOutcome, startedAt: number): PaceChange {
    lane.inFlight = Math.max(0, lane.inFlight - 1);
    const now = Date.now();
    lane.busyMs = 0.8 * lane.busyMs + 0.2 * (now - startedAt);
    let change: PaceChange;
    if (outcome.kind === 'accepted') change = accepted(lane.pace, now);
    else if (outcome.kind === 'deferred')
      change = deferred(lane.pace, outcome.reply, matchReply(outcome.reply, lane.key.provider, this.opts.rules), now, this.opts.timeScale);
    lane.waiters.shift()?.();
    return change;
  }

  private lane(key: PaceKey): Lane {
    const k = keyOf(key);
    let lane = this.lanes.get(k);
    if (!lane) {
      lane = { key, pace: newPace(this.limits(key.provider).connections), inFlight: 0, lastStart: 0, waiters: [], busyMs: FIRST_BUSY_MS, nextDue: 0 };
      this.lanes.set(k, lane);
    }
    return lane;
  }

  /** Records a change in the unit of work: true when it is news (no other sender recorded it first). */
  async record(work: Work, key: PaceKey, change: NonNullable<PaceChange>): Promise<boolean> {
    const tx = sqlOf(work);
    const t = change.throttle;
    const params = [key.projectId, key.domain.toLowerCase(), key.provider];
    if (change.action === 'resumed') {
      const r = await tx.query(
        `UPDATE messaging.domain_shaping SET state = 'normal', changed_at = now() WHERE project_id = $1 AND domain = $2 AND provider = $3 AND state = 'throttled'`,
        params,
      );
      return (r.rowCount ?? 0) > 0;
    }
    const r = await tx.query(
      `INSERT INTO messaging.domain_shaping AS s (project_id, domain, provider, state, reason, reply, rate_per_minute, until, changed_at)
       VALUES ($1, $2, $3, 'throttled', $4, $5, $6, $7, now())
       ON CONFLICT (project_id, domain, provider) DO UPDATE SET state = 'throttled', reason = $4, reply = $5, rate_per_minute = $6, until = $7, changed_at = now()
       WHERE s.state = 'normal' OR (s.until IS NOT NULL AND s.until < now()) OR (s.reason = 'deferrals' AND $4 <> 'deferrals')`,
      [...params, t.reason, t.reply, t.ratePerMinute, t.until === null ? null : new Date(t.until)],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Adopts the catalogue throttles other senders recorded (a throttle by deferrals stays each sender's own). */
  async refresh() {
    const rows = await this.db.query<{
      project_id: string;
      domain: string;
      provider: string;
      reason: string;
      reply: string | null;
      rate_per_minute: number | null;
      until: Date;
    }>(
      `SELECT project_id, domain, provider, reason, reply, rate_per_minute, until FROM messaging.domain_shaping
        WHERE state = 'throttled' AND until > now()`,
    );
    for (const r of rows) {
      const lane = this.lane({ projectId: r.project_id, domain: r.domain, provider: r.provider });
      const until = r.until.getTime();
      if (lane.pace.throttle?.until && lane.pace.throttle.until >= until) continue;
      const throttle: Throttle = { reason: r.reason, reply: r.reply, ratePerMinute: r.rate_per_minute, until };
      lane.pace.throttle = throttle;
      lane.pace.window = 1;
    }
  }

  timer(): Timer {
    return { name: 'messaging.shaping', everyMs: REFRESH_MS, run: () => this.refresh() };
  }

  /** What GET /deliverability shows of a project: every (domain, provider) this sender paced or any recorded, with its state. */
  async view(projectId: string): Promise<ShapingRow[]> {
    const rows = await this.db.query<{
      domain: string;
      provider: string;
      state: string;
      reason: string;
      reply: string | null;
      rate_per_minute: number | null;
      until: Date | null;
      changed_at: Date;
    }>(`SELECT domain, provider, state, reason, reply, rate_per_minute, until, changed_at FROM messaging.domain_shaping WHERE project_id = $1`, [projectId]);
    const out = new Map<string, ShapingRow>();
    const now = Date.now();
    for (const lane of this.lanes.values()) {
      if (lane.key.projectId !== projectId) continue;
      const t = lane.pace.throttle && (lane.pace.throttle.until === null || now < lane.pace.throttle.until) ? lane.pace.throttle : null;
      out.set(`${lane.key.domain.toLowerCase()}|${lane.key.provider}`, {
        domain: lane.key.domain.toLowerCase(),
        provider: lane.key.provider,
        ...this.limits(lane.key.provider),
        window: Math.floor(lane.pace.window),
        inFlight: lane.inFlight,
        state: t ? (t.ratePerMinute === 0 ? 'suspended' : 'throttled') : 'normal',
        reason: t?.reason ?? null,
        reply: t?.reply ?? null,
        ratePerMinute: t?.ratePerMinute ?? null,
        until: t?.until ? new Date(t.until) : null,
        changedAt: null,
      });
    }
    for (const r of rows) {
      const k = `${r.domain}|${r.provider}`;
      const live = out.get(k);
      const holds = r.state === 'throttled' && (r.until === null || r.until.getTime() > now);
      const recorded: ShapingRow = {
        domain: r.domain,
        provider: r.provider,
        ...this.limits(r.provider),
        window: live?.window ?? null,
        inFlight: live?.inFlight ?? 0,
        state: holds ? (r.rate_per_minute === 0 ? 'suspended' : 'throttled') : 'normal',
        reason: holds ? r.reason : null,
        reply: holds ? r.reply : null,
        ratePerMinute: holds ? r.rate_per_minute : null,
        until: holds ? r.until : null,
        changedAt: r.changed_at,
      };
      // This sender's own view wins while it is throttled; the recorded one otherwise (it may be another sender's).
      out.set(k, live && live.state !== 'normal' ? { ...live, changedAt: r.changed_at } : recorded);
    }
    return [...out.values()].sort((a, b) => a.domain.localeCompare(b.domain) || a.provider.localeCompare(b.provider));
  }
}
