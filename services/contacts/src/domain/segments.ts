/** Segments, DYNAMIC (by condition) or STATIC (explicit members), in Plunk's shapes. */

export const SEGMENT_TYPES = ['DYNAMIC', 'STATIC'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** A name's length cap: `segment.<slug>.entry` must fit an event name (255). */
export const MAX_SEGMENT_NAME = 200;
export const MAX_SEGMENT_DESCRIPTION = 2000;
/** Emails per members add or remove call. */
export const MAX_MEMBER_EMAILS = 1000;
/** Contacts named per membership_changed event (a large compute is several events). */
export const MEMBERSHIP_EVENT_IDS = 1000;

/**
 * The slug of the entry and exit event names (`segment.<slug>.entry`): the name lower-cased,
 * runs of whitespace to one hyphen, every other character but a-z, 0-9 and `-` dropped.
 * "VIP Customers!" → `vip-customers`.
 */
export function segmentSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

export const entryEvent = (slug: string) => `segment.${slug}.entry`;
export const exitEvent = (slug: string) => `segment.${slug}.exit`;

/** `ids` in pieces of at most `size`. */
export function chunks<T>(ids: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
