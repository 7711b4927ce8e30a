/**
 * What a condition references, for "field usage" (`GET /contacts/fields/:field/usage`: which
 * segments, campaigns and workflows use data.<key>), event usage, and the segments a segment
 * depends on (refuse deleting one that others reference). Direct references only: a referenced
 * segment's own condition is that segment's usage.
 */
import type { Condition, Filter } from './condition';
import { canonicalField, isFieldProblem, parseField, type FieldRef } from './fields';

export interface ConditionReferences {
  /** Every field named, canonical and sorted: `createdAt`, `data.plan`, `email.opened`, `event.signup`, `segment.<id>`. */
  fields: string[];
  /** Custom field keys, without `data.`: `plan`, `profile.tier`. */
  dataKeys: string[];
  /** Event names as recorded: `signup`, and `email.opened` for email.opened. */
  events: string[];
  /** Segment ids. */
  segments: string[];
}

function* filtersOf(condition: Condition): Generator<Filter> {
  for (const group of condition.groups) {
    yield* group.filters;
    if (group.conditions) yield* filtersOf(group.conditions);
  }
}

export function conditionReferences(condition: Condition): ConditionReferences {
  const fields = new Set<string>();
  const dataKeys = new Set<string>();
  const events = new Set<string>();
  const segments = new Set<string>();
  for (const filter of filtersOf(condition)) {
    const ref = parseField(filter.field);
    if (isFieldProblem(ref)) continue;
    fields.add(canonicalField(ref));
    if (ref.kind === 'data') dataKeys.add(ref.key);
    if (ref.kind === 'event') events.add(ref.name);
    if (ref.kind === 'segment') segments.add(ref.id);
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return { fields: sorted(fields), dataKeys: sorted(dataKeys), events: sorted(events), segments: sorted(segments) };
}

/**
 * Whether the condition uses `field` (any spelling `parseField` takes). A custom field is used by
 * filters on it and on keys nested under it: deleting `data.profile` removes `data.profile.tier` too.
 */
export function referencesField(condition: Condition, field: string): boolean {
  return namesField(conditionReferences(condition).fields, field);
}

/**
 * Whether a list of fields (as `conditionReferences(…).fields` gives them, or as another service
 * lists what it reads: a workflow's CONDITION steps) uses `field`, by the rule of
 * `referencesField`. Entries that are not fields are ignored.
 */
export function namesField(fields: readonly string[], field: string): boolean {
  const wanted = parseField(field);
  if (isFieldProblem(wanted)) return false;
  const refs = fields.map(parseField).filter((r): r is FieldRef => !isFieldProblem(r));
  if (wanted.kind === 'data') return refs.some((r) => r.kind === 'data' && (r.key === wanted.key || r.key.startsWith(`${wanted.key}.`)));
  const name = canonicalField(wanted);
  return refs.some((r) => canonicalField(r) === name);
}
