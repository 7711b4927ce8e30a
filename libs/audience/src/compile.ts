/**
 * A condition compiled to one parameterised SQL predicate over `contacts.contacts c`:
 *
 *   SELECT … FROM contacts.contacts c WHERE c.project_id = $1 AND (<where>)
 *
 * Values, JSON paths, event names and segment ids are parameters; the text holds only fixed
 * table and column names, so a condition can never inject SQL. Every subquery is scoped by the
 * project parameter. A filter's predicate may be NULL where the contact has no usable value
 * (a missing key, a value of another type): NULL never matches, and negations are written
 * `(…) IS NOT TRUE`, so a negative operator is the exact complement of its positive one. (Not
 * wrapping predicates in coalesce keeps them comparable to expression indexes.) What each
 * operator means is in docs/decisions/README.md, "Audience conditions".
 *
 * Needs the objects of `audienceMigrations` (migrations.ts) in the contacts schema.
 */
import type { AppError } from '../../kit/src';
import type { Queryable } from '../../db/src';
import { Condition, Filter, FilterValue, LIMITS, UNIT_SECONDS } from './condition';
import { dateSpan, FieldRef, FieldTypes, isFieldProblem, isIsoDate, parseField } from './fields';
import { DATA_TYPES, type Operator } from './language';
import { ConditionIssue, conditionError } from './validate';

/** How a referenced segment's members are found: its membership rows, or its condition inlined (live). */
export type SegmentSource = { type: 'STATIC' } | { type: 'DYNAMIC'; condition: Condition };

/** The project's segment of this id (lower-case UUID), or undefined when there is none (its filters then match nothing). */
export type SegmentResolver = (id: string) => SegmentSource | undefined | Promise<SegmentSource | undefined>;

export interface CompileOptions {
  /** The project's custom field types (`contacts.fields`), read just before compiling. */
  fieldTypes: FieldTypes;
  /** Needed when the condition references segments. */
  resolveSegment?: SegmentResolver;
  /** The segment this condition belongs to: a chain of references back to it is a cycle. */
  segmentId?: string;
  /** The placeholder number of the project id. Default 1. */
  projectParam?: number;
  /** The number of the first placeholder the fragment uses for its own values. Default 2. */
  firstParam?: number;
  /** Where the condition sits in the request, for error paths. Default `condition`. */
  path?: string;
}

export interface CompiledCondition {
  /** A boolean SQL expression over the contact row `c`. */
  where: string;
  /** Its values, for placeholders `$firstParam`… in order. */
  params: unknown[];
  projectParam: number;
  firstParam: number;
}

/** A statement ready for `pg` (`db.query(q)` / `client.query(q)`). */
export interface SqlQuery {
  text: string;
  values: unknown[];
}

export const CONTACTS_TABLE = 'contacts.contacts';
const FACTS = 'contacts.event_facts';
const MEMBERS = 'contacts.segment_members';
const TIMESTAMP_FN = 'contacts.audience_timestamp';

/** The positive operator whose exact complement each negative one is. */
const NEGATION: Partial<Record<Operator, Operator>> = {
  notEquals: 'equals',
  notContains: 'contains',
  notExists: 'exists',
  notTriggered: 'triggered',
  notTriggeredWithin: 'triggeredWithin',
  notMemberOfSegment: 'memberOfSegment',
};

const COMPARE: Partial<Record<Operator, string>> = { greaterThan: '>', lessThan: '<', greaterThanOrEqual: '>=', lessThanOrEqual: '<=', equals: '=' };

/**
 * Compiles a validated condition. Throws a 422 AppError when referenced segments form a cycle or
 * inlining them goes past the caps (LIMITS.MAX_SEGMENT_DEPTH, MAX_COMPILED_FILTERS).
 */
export async function compileCondition(condition: Condition, opts: CompileOptions): Promise<CompiledCondition> {
  const projectParam = opts.projectParam ?? 1;
  const firstParam = opts.firstParam ?? 2;
  const c = new Compiler(opts, `$${projectParam}`, firstParam);
  const where = await c.condition(condition, [], opts.path ?? 'condition', undefined);
  return { where, params: c.params, projectParam, firstParam };
}

class Compiler {
  readonly params: unknown[] = [];
  private filters = 0;
  private readonly segments = new Map<string, Promise<SegmentSource | undefined>>();

  constructor(
    private readonly opts: CompileOptions,
    private readonly project: string,
    private readonly firstParam: number,
  ) {}

  /** A placeholder for `value`, cast so PostgreSQL never has to guess its type. */
  private p(value: unknown, cast: string): string {
    this.params.push(value);
    return `$${this.firstParam + this.params.length - 1}::${cast}`;
  }

  /**
   * `trail`: the segments being inlined, outermost first. `origin`: inside an inlined segment,
   * the path of the top-level filter that referenced it (errors name what the caller sent).
   */
  async condition(cond: Condition, trail: string[], path: string, origin: string | undefined): Promise<string> {
    const groups: string[] = [];
    for (const [i, group] of cond.groups.entries()) {
      const parts: string[] = [];
      for (const [j, filter] of group.filters.entries()) parts.push(await this.filter(filter, trail, origin ?? `${path}.groups[${i}].filters[${j}]`));
      if (group.conditions) parts.push(await this.condition(group.conditions, trail, `${path}.groups[${i}].conditions`, origin));
      groups.push(parts.length ? `(${parts.join(' AND ')})` : 'true');
    }
    // No groups cannot pass validation; a stored condition that has none matches nobody.
    return groups.length ? `(${groups.join(cond.logic === 'OR' ? ' OR ' : ' AND ')})` : '(false)';
  }

  private async filter(f: Filter, trail: string[], path: string): Promise<string> {
    if (++this.filters > LIMITS.MAX_COMPILED_FILTERS) {
      throw this.error(
        path,
        'too_big',
        `the condition and the segments it references have more than ${LIMITS.MAX_COMPILED_FILTERS} filters in all`,
        'Reference fewer or smaller segments, or make a referenced segment STATIC.',
      );
    }
    const ref = parseField(f.field);
    if (isFieldProblem(ref)) return 'false';
    const positive = NEGATION[f.operator];
    const sql = await this.positive(ref, positive ?? f.operator, f, trail, path);
    // null: the filter cannot match (a field with no type, a value that no longer fits it, a
    // segment that is gone), and neither can its negation.
    if (sql === null) return 'false';
    return positive ? `(${sql} IS NOT TRUE)` : sql;
  }

  /** The predicate of a positive operator, parenthesised (NULL: no match); null when nothing can match. */
  private async positive(ref: FieldRef, op: Operator, f: Filter, trail: string[], path: string): Promise<string | null> {
    switch (ref.kind) {
      case 'standard':
        return this.standard(ref, op, f);
      case 'data':
        return this.data(ref.path, ref.key, op, f);
      case 'event':
        return this.event(ref.name, op, f);
      case 'segment':
        return this.segment(ref.id, trail, path);
    }
  }

  private standard(ref: FieldRef & { kind: 'standard' }, op: Operator, f: Filter): string | null {
    const col = `c.${ref.column}`;
    const v = f.value;
    switch (ref.type) {
      case 'string': {
        if (typeof v !== 'string') return null;
        const email = v.trim().toLowerCase(); // emails are stored trimmed and lower-cased
        if (op === 'equals') return `(${col} = ${this.p(email, 'text')})`;
        if (op === 'contains') return `(strpos(${col}, ${this.p(email, 'text')}) > 0)`;
        return null;
      }
      case 'boolean':
        return op === 'equals' && typeof v === 'boolean' ? `(${col} = ${this.p(v, 'boolean')})` : null;
      case 'date':
        return this.dateColumn(col, op, f);
    }
  }

  /**
   * A date comparison, as bounds on the instant: `>= at` or `< at`. A date value names a span (a
   * day, a second or a millisecond, by its precision): equals is inside it, greaterThan after it,
   * lessThan before it. null when the value does not fit.
   */
  private dateBounds(op: Operator, f: Filter): Array<{ op: '>=' | '<'; at: string; day: (() => string) | null }> | null {
    if (op === 'within' || op === 'olderThan') {
      const secs = this.seconds(f);
      if (!secs) return null;
      const at = `(now() - make_interval(secs => ${secs}))`;
      // The UTC day of the bound, once per statement (an InitPlan).
      const day = () => `(SELECT to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`;
      return [{ op: op === 'within' ? '>=' : '<', at, day }];
    }
    if (typeof f.value !== 'string' || !isIsoDate(f.value)) return null;
    const span = dateSpan(f.value);
    const bound = (o: '>=' | '<', d: Date) => {
      const iso = isoTimestamp(d);
      // The day's placeholder only when asked for (custom fields), so columns add no unused parameter.
      return { op: o, at: this.p(iso, 'timestamptz'), day: d.getUTCFullYear() > 9999 ? null : () => this.p(iso.slice(0, 10), 'text') };
    };
    switch (op) {
      case 'equals':
        return [bound('>=', span.from), bound('<', span.to)];
      case 'greaterThan':
        return [bound('>=', span.to)];
      case 'greaterThanOrEqual':
        return [bound('>=', span.from)];
      case 'lessThan':
        return [bound('<', span.from)];
      case 'lessThanOrEqual':
        return [bound('<', span.to)];
      default:
        return null;
    }
  }

  /** A standard date column: bare comparisons, which its index serves. */
  private dateColumn(col: string, op: Operator, f: Filter): string | null {
    const bounds = this.dateBounds(op, f);
    return bounds && `(${bounds.map((b) => `${col} ${b.op} ${b.at}`).join(' AND ')})`;
  }

  /**
   * A custom date field: its text `s`, read as a date by `contacts.audience_timestamp` (NULL for
   * anything that is not a date). That reading costs a few microseconds a value, so a cheap
   * necessary condition goes first, and AND stops at it: a valid date's text starts with its UTC
   * day (`YYYY-MM-DD`), which compares as text ("C" collation) as the day does, so an instant
   * `>= X` has `left(s, 10) >= day(X)`, and one `< X` has `left(s, 10) <= day(X)`.
   */
  private dateField(path: string, op: Operator, f: Filter): string | null {
    const bounds = this.dateBounds(op, f);
    if (!bounds) return null;
    const text = `(c.data #>> ${path})`;
    const cheap = bounds.flatMap((b) => (b.day ? [`left(${text}, 10) COLLATE "C" ${b.op === '>=' ? '>=' : '<='} ${b.day()}`] : []));
    const exact = bounds.map((b) => `${TIMESTAMP_FN}${text} ${b.op} ${b.at}`);
    return `(${[...cheap, ...exact].join(' AND ')})`;
  }

  /** The placeholder of the filter's duration in seconds, or null when it has none. */
  private seconds(f: Filter): string | null {
    if (typeof f.value !== 'number' || !Number.isFinite(f.value) || f.value <= 0 || !f.unit || !(f.unit in UNIT_SECONDS)) return null;
    return this.p(f.value * UNIT_SECONDS[f.unit], 'float8');
  }

  /** `now()` less the filter's duration, or null when it has none. */
  private since(f: Filter): string | null {
    const secs = this.seconds(f);
    return secs && `(now() - make_interval(secs => ${secs}))`;
  }

  /**
   * A custom field, by the type the project recorded for it. Equality is JSON containment
   * (`data @> {"plan":"pro"}`, which the GIN index on data serves, and which never matches a
   * value of another type); order comparisons cast only values of the right JSON type (CASE: the
   * value or NULL, then compared, so an expression index on that CASE for a hot key serves it),
   * dates through `contacts.audience_timestamp`, which is NULL for anything but a valid ISO date.
   */
  private data(path: string[], key: string, op: Operator, f: Filter): string | null {
    const type = this.opts.fieldTypes.get(key);
    if (type === undefined) return null; // deleted, or never set: matches nothing
    const jsonPath = () => this.p(path, 'text[]');
    if (op === 'exists') {
      const at = jsonPath();
      return `(jsonb_typeof(c.data #> ${at}) <> 'null')`;
    }
    if (!(DATA_TYPES as readonly string[]).includes(type)) return null;
    const v = f.value;
    const contains = (value: FilterValue) => `(c.data @> ${this.p(JSON.stringify(nest(path, value)), 'jsonb')})`;
    switch (type) {
      case 'string':
        if (typeof v !== 'string') return null;
        if (op === 'equals') return contains(v);
        if (op === 'contains') {
          const at = jsonPath();
          return `(strpos(lower(CASE WHEN jsonb_typeof(c.data #> ${at}) = 'string' THEN c.data #>> ${at} END), ${this.p(v.toLowerCase(), 'text')}) > 0)`;
        }
        return null;
      case 'number': {
        if (typeof v !== 'number') return null;
        if (op === 'equals') return contains(v);
        const cmp = COMPARE[op];
        if (!cmp) return null;
        const at = jsonPath();
        return `(CASE WHEN jsonb_typeof(c.data #> ${at}) = 'number' THEN (c.data #> ${at})::numeric END ${cmp} ${this.p(v, 'numeric')})`;
      }
      case 'boolean':
        return op === 'equals' && typeof v === 'boolean' ? contains(v) : null;
      case 'date':
        return this.dateField(jsonPath(), op, f);
    }
    return null;
  }

  /** `event.<name>` and `email.<status>`, from the contact's facts (count, first_at, last_at). */
  private event(name: string, op: Operator, f: Filter): string | null {
    const facts = `SELECT 1 FROM ${FACTS} f WHERE f.project_id = ${this.project} AND f.contact_id = c.id AND f.name = ${this.p(name, 'text')}`;
    switch (op) {
      case 'triggered':
        return `EXISTS (${facts})`;
      case 'triggeredWithin':
      case 'triggeredOlderThan': {
        const since = this.since(f);
        return since && `EXISTS (${facts} AND f.last_at ${op === 'triggeredWithin' ? '>=' : '<'} ${since})`;
      }
    }
    // A count: how many times it happened, 0 when never (no facts row).
    const cmp = COMPARE[op];
    const n = f.value;
    if (!cmp || typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return null;
    const holds = `f.count ${cmp} ${this.p(n, 'bigint')}`;
    const zeroMatches = op === 'equals' ? n === 0 : op === 'lessThan' ? n > 0 : op === 'lessThanOrEqual' ? true : op === 'greaterThanOrEqual' ? n === 0 : false;
    // Where 0 matches, contacts without facts match too: "no facts row that fails it".
    return zeroMatches ? `NOT EXISTS (${facts} AND NOT (${holds}))` : `EXISTS (${facts} AND ${holds})`;
  }

  private async segment(id: string, trail: string[], path: string): Promise<string | null> {
    const self = this.opts.segmentId?.toLowerCase();
    const chain = self ? [self, ...trail] : trail;
    if (chain.includes(id)) {
      throw this.error(
        `${path}.field`,
        'segment_cycle',
        `segment references form a cycle: ${[...chain.slice(chain.indexOf(id)), id].join(' → ')}`,
        'Remove one of the references so no segment includes itself.',
      );
    }
    if (!this.opts.resolveSegment) throw new Error('compileCondition: the condition references segments; pass resolveSegment');
    if (!this.segments.has(id)) this.segments.set(id, Promise.resolve(this.opts.resolveSegment(id)));
    const source = await this.segments.get(id);
    if (!source) return null;
    if (source.type === 'STATIC') {
      return `EXISTS (SELECT 1 FROM ${MEMBERS} m WHERE m.project_id = ${this.project} AND m.segment_id = ${this.p(id, 'uuid')} AND m.contact_id = c.id)`;
    }
    if (trail.length >= LIMITS.MAX_SEGMENT_DEPTH) {
      throw this.error(
        `${path}.field`,
        'too_deep',
        `segments reference segments more than ${LIMITS.MAX_SEGMENT_DEPTH} deep`,
        'Shorten the chain of segments referencing segments.',
      );
    }
    return this.condition(source.condition, [...trail, id], path, path);
  }

  private error(field: string, code: string, message: string, suggestion: string): AppError {
    const issue: ConditionIssue = { field, code, message, suggestion };
    return conditionError([issue]);
  }
}

/** ISO 8601 as PostgreSQL reads it: the day after 9999-12-31 is `10000-01-01…`, not JavaScript's `+010000-01-01…`. */
const isoTimestamp = (d: Date) => d.toISOString().replace(/^\+0*/, '');

/** `{ a: { b: value } }` for path [a, b], own properties only (a key named `__proto__` stays a key). */
function nest(path: string[], value: FilterValue): unknown {
  return path.reduceRight<unknown>((inner, key) => Object.fromEntries([[key, inner]]), value);
}

// —— Statements ————————————————————————————————————————————————————————————————————————

const COLUMNS = 'c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at';

/** The FROM … WHERE of the statements below: $1 is the project, the condition's values follow. */
function scope(compiled: CompiledCondition): string {
  if (compiled.projectParam !== 1 || compiled.firstParam !== 2) {
    throw new Error('these statements need a condition compiled with the default placeholders (projectParam 1, firstParam 2)');
  }
  return `FROM ${CONTACTS_TABLE} c WHERE c.project_id = $1 AND ${compiled.where}`;
}

/** `{ n }`: how many contacts of the project match; with `subscribed`, also `{ subscribed }`: how many of those are. */
export function countSql(projectId: string, compiled: CompiledCondition, opts: { subscribed?: boolean } = {}): SqlQuery {
  // The subscribed among them in the same statement, so both counts come from one snapshot.
  const subscribed = opts.subscribed ? ', count(*) FILTER (WHERE c.subscribed)::bigint AS subscribed' : '';
  return { text: `SELECT count(*)::bigint AS n${subscribed} ${scope(compiled)}`, values: [projectId, ...compiled.params] };
}

/** One page (1-based) of matching contacts, newest first (by the time-ordered id: stable). */
export function pageSql(projectId: string, compiled: CompiledCondition, page: { page: number; pageSize: number }): SqlQuery {
  if (!Number.isSafeInteger(page.page) || page.page < 1 || !Number.isSafeInteger(page.pageSize) || page.pageSize < 1) {
    throw new Error('pageSql: page and pageSize must be whole numbers of at least 1');
  }
  const n = compiled.params.length + 2;
  return {
    text: `SELECT ${COLUMNS} ${scope(compiled)} ORDER BY c.id DESC LIMIT $${n}::int OFFSET $${n + 1}::bigint`,
    values: [projectId, ...compiled.params, page.pageSize, (page.page - 1) * page.pageSize],
  };
}

/**
 * `{ id }` of matching contacts in id order, for walking a whole audience in batches (campaign
 * fan-out, membership compute): pass the last id of a batch as `afterId` for the next.
 */
export function idsSql(projectId: string, compiled: CompiledCondition, opts: { afterId?: string; limit?: number } = {}): SqlQuery {
  const values: unknown[] = [projectId, ...compiled.params];
  let text = `SELECT c.id ${scope(compiled)}`;
  if (opts.afterId !== undefined) {
    values.push(opts.afterId);
    text += ` AND c.id > $${values.length}::uuid`;
  }
  text += ' ORDER BY c.id';
  if (opts.limit !== undefined) {
    values.push(opts.limit);
    text += ` LIMIT $${values.length}::int`;
  }
  return { text, values };
}

/** `{ matched }`: whether one contact matches (a workflow CONDITION step); false when it does not exist. */
export function matchSql(projectId: string, contactId: string, compiled: CompiledCondition): SqlQuery {
  const n = compiled.params.length + 2;
  return { text: `SELECT EXISTS (SELECT 1 ${scope(compiled)} AND c.id = $${n}::uuid) AS matched`, values: [projectId, ...compiled.params, contactId] };
}

/** Runs `matchSql`. */
export async function contactMatches(db: Queryable, projectId: string, contactId: string, compiled: CompiledCondition): Promise<boolean> {
  const r = await db.query(matchSql(projectId, contactId, compiled));
  return r.rows[0].matched === true;
}

/**
 * `{ matches }`: for one contact, whether it matches each condition (booleans, in order), in one
 * statement; no row when the contact is not one of the project's. Compile the conditions with
 * projectParam 1 and each one's firstParam just after the previous one's values (the first at 2),
 * e.g. `firstParam: 2 + params so far`.
 */
export function matchEachSql(projectId: string, contactId: string, compiled: CompiledCondition[]): SqlQuery {
  let next = 2;
  for (const c of compiled) {
    if (c.projectParam !== 1 || c.firstParam !== next)
      throw new Error("matchEachSql: compile each condition with projectParam 1 and firstParam just after the previous one's values");
    next += c.params.length;
  }
  const values = [projectId, ...compiled.flatMap((c) => c.params), contactId];
  const each = compiled.map((c) => `(${c.where}) IS TRUE`).join(', ');
  return { text: `SELECT ARRAY[${each}]::boolean[] AS matches FROM ${CONTACTS_TABLE} c WHERE c.project_id = $1 AND c.id = $${values.length}::uuid`, values };
}
