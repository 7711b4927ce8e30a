import type { DomainEvent } from '../../contracts/src/events';
import { endingWith, inSpan, startSpan, tracingOn } from '../../kit/src';

const attributes = (consumer: string, e: DomainEvent) => ({
  'messaging.system': 'herald',
  'messaging.destination.name': e.type,
  'messaging.message.id': e.id,
  'herald.consumer': consumer,
});

/**
 * Runs `fn`, a consumer's handling of `events`, in a consumer span per event that continues the
 * trace its envelope carries (a new trace for an event written outside one). One event: its span
 * is the current one for what fn does (the events it writes continue the trace). Several handled
 * in one call: each gets its span, for the call's duration and outcome. Tracing off: `fn()`.
 */
export function inConsumerSpans<T>(consumer: string, events: DomainEvent[], fn: () => Promise<T>): Promise<T> {
  if (!tracingOn() || events.length === 0) return fn();
  const name = (e: DomainEvent) => `${consumer} ${e.type}`;
  if (events.length === 1)
    return inSpan(name(events[0]), 'consumer', fn, { parent: events[0].traceparent ?? null, attributes: attributes(consumer, events[0]) });
  const spans = events.map((e) => startSpan(name(e), 'consumer', { parent: e.traceparent ?? null, attributes: attributes(consumer, e) }));
  return endingWith(spans, fn());
}
