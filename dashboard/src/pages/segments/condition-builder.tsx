/**
 * The audience condition builder (segments, and campaigns' filter audiences): groups of filters,
 * joined by AND or OR, each group optionally holding a nested condition. It edits exactly the
 * object the API takes (Plunk's condition grammar; libs/audience validates it):
 *
 *   { logic: AND|OR, groups: [{ filters: [{ field, operator, value?, unit? }], conditions? }] }
 *
 * Which operators a field takes and which value they need come from libs/audience/src/language.ts,
 * the table the API validates with; the API stays the judge, and its 422s, which
 * name a filter by path (`condition.groups[0].filters[1].value`), are shown next to that filter.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  COMPARISONS,
  DATA_TYPES,
  DURATION_OPERATORS,
  EMAIL_STATUSES,
  NO_VALUE_OPERATORS,
  OPERATORS_BY_KIND as AUDIENCE_OPERATORS_BY_KIND,
  type Condition as AudienceCondition,
  type FieldKind,
  type Filter as AudienceFilter,
  type FilterGroup as AudienceFilterGroup,
  type FilterValue,
  type Logic,
  type TimeUnit,
} from '../../../../libs/audience/src/language';
import { api, type FieldError } from '../../api';
import { toApiError } from '../../ui/form';
import { humanFieldMessage } from '../../ui/messages';
import type { ApiError } from '../../api';
import './segments.css';

/** The condition being edited: a filter may hold no operator yet, so operators are plain strings. */
export type Filter = AudienceFilter<string>;
export type FilterGroup = AudienceFilterGroup<string>;
export type Condition = AudienceCondition<string>;

/** What the field picker offers: the project's custom fields, event names and segments. */
export interface ConditionFields {
  /** Custom fields by key without `data.` (`plan`), with the type contacts inferred. */
  data: Array<{ key: string; type: string }>;
  events: string[];
  segments: Array<{ id: string; name: string }>;
}

export const EMPTY_FIELDS: ConditionFields = { data: [], events: [], segments: [] };

// The language is libs/audience's own, so the builder offers what the API accepts; read here as
// strings, since a filter being edited may hold no operator yet.
const OPERATORS_BY_KIND: Record<FieldKind, readonly string[]> = AUDIENCE_OPERATORS_BY_KIND;
const COMPARISON: readonly string[] = COMPARISONS;
const NO_VALUE: ReadonlySet<string> = NO_VALUE_OPERATORS;
const DURATION: ReadonlySet<string> = DURATION_OPERATORS;

const STANDARD = ['email', 'subscribed', 'createdAt', 'updatedAt'] as const;
const STANDARD_LABEL: Record<(typeof STANDARD)[number], string> = { email: 'Email', subscribed: 'Subscribed', createdAt: 'Created', updatedAt: 'Updated' };

/** The operators as a person reads them; the meaning depends a little on the kind (dates, events). */
function operatorLabel(op: string, kind: FieldKind): string {
  const isDate = kind === 'date' || kind === 'data:date';
  const isEvent = kind === 'event';
  const labels: Record<string, string> = {
    equals: isEvent ? 'happened exactly (times)' : isDate ? 'is on' : 'is',
    notEquals: isEvent ? 'did not happen exactly (times)' : isDate ? 'is not on' : 'is not',
    contains: 'contains',
    notContains: 'does not contain',
    greaterThan: isEvent ? 'happened more than (times)' : isDate ? 'is after' : 'is greater than',
    lessThan: isEvent ? 'happened fewer than (times)' : isDate ? 'is before' : 'is less than',
    greaterThanOrEqual: isEvent ? 'happened at least (times)' : isDate ? 'is on or after' : 'is at least',
    lessThanOrEqual: isEvent ? 'happened at most (times)' : isDate ? 'is on or before' : 'is at most',
    exists: 'is set',
    notExists: 'is not set',
    within: 'is within the last',
    olderThan: 'is longer ago than',
    triggered: 'was triggered',
    notTriggered: 'was never triggered',
    triggeredWithin: 'was triggered within the last',
    triggeredOlderThan: 'was last triggered longer ago than',
    notTriggeredWithin: 'was not triggered within the last',
    memberOfSegment: 'is a member',
    notMemberOfSegment: 'is not a member',
  };
  return labels[op] ?? op;
}

/** The picker's first choice: which family a field belongs to, read off its name. */
export type FieldFamily = 'contact' | 'data' | 'event' | 'email' | 'segment';

export function familyOf(field: string): FieldFamily {
  if ((STANDARD as readonly string[]).includes(field)) return 'contact';
  const prefix = field.split('.')[0];
  if (prefix === 'data' || prefix === 'event' || prefix === 'segment') return prefix;
  if (prefix === 'email') return 'email';
  return 'contact';
}

/** The rest of the field's name after its family's prefix (`plan` of `data.plan`). */
const nameOf = (field: string) => field.slice(field.indexOf('.') + 1);

export function kindOf(field: string, fields: ConditionFields): FieldKind {
  switch (familyOf(field)) {
    case 'contact':
      return field === 'email' ? 'string' : field === 'subscribed' ? 'boolean' : 'date';
    case 'data': {
      const type = fields.data.find((d) => d.key === nameOf(field))?.type;
      if (type === undefined) return 'data:untyped';
      return (DATA_TYPES as readonly string[]).includes(type) ? (`data:${type}` as FieldKind) : 'data:other';
    }
    case 'event':
    case 'email':
      return 'event';
    case 'segment':
      return 'segment';
  }
}

/** A filter with its operator set, carrying over the value only where it still fits. */
export function withOperator(f: Filter, operator: string, kind: FieldKind): Filter {
  const out: Filter = { field: f.field, operator };
  if (NO_VALUE.has(operator)) return out;
  if (DURATION.has(operator)) {
    out.value = typeof f.value === 'number' && DURATION.has(f.operator) ? f.value : 7;
    out.unit = f.unit ?? 'days';
    return out;
  }
  const keep = !NO_VALUE.has(f.operator) && !DURATION.has(f.operator) && f.value !== undefined;
  if (keep) out.value = f.value;
  else if (kind === 'boolean' || kind === 'data:boolean') out.value = true;
  else if (kind === 'event') out.value = 1;
  return out;
}

/** A filter on another field: the first operator that field takes, and its default value. */
export function withField(f: Filter, field: string, fields: ConditionFields): Filter {
  const kind = kindOf(field, fields);
  const ops = OPERATORS_BY_KIND[kind];
  const sameKind = kindOf(f.field, fields) === kind && ops.includes(f.operator);
  return sameKind ? { ...f, field } : withOperator({ field, operator: '' }, ops[0], kind);
}

const firstField = (family: FieldFamily, fields: ConditionFields): string => {
  switch (family) {
    case 'contact':
      return 'email';
    case 'data':
      return `data.${fields.data[0]?.key ?? ''}`;
    case 'event':
      return `event.${fields.events[0] ?? ''}`;
    case 'email':
      return 'email.opened';
    case 'segment':
      return `segment.${fields.segments[0]?.id ?? ''}`;
  }
};

export const newFilter = (): Filter => ({ field: 'email', operator: 'contains' });
export const newCondition = (): Condition => ({ logic: 'AND', groups: [{ filters: [newFilter()] }] });

// ---- Loading what the picker offers ----------------------------------------------------------

/**
 * The project's custom fields, event names and segments for the picker. `exceptSegment` leaves a
 * segment out (a segment cannot reference itself).
 */
export function useConditionFields(exceptSegment?: string): ConditionFields {
  const [fields, setFields] = useState<ConditionFields>(EMPTY_FIELDS);
  useEffect(() => {
    let live = true;
    Promise.all([
      api.get<{ fields: Array<{ field: string; type: string; isCustom: boolean }> }>('/contacts/fields').catch(() => ({ fields: [] })),
      api.get<{ eventNames: string[] }>('/events/names').catch(() => ({ eventNames: [] })),
      api.get<Array<{ id: string; name: string }>>('/segments').catch(() => []),
    ]).then(([f, e, s]) => {
      if (!live) return;
      setFields({
        data: f.fields.filter((x) => x.isCustom && x.field.startsWith('data.')).map((x) => ({ key: x.field.slice(5), type: x.type })),
        events: e.eventNames,
        segments: s.filter((x) => x.id !== exceptSegment).map((x) => ({ id: x.id, name: x.name })),
      });
    });
    return () => {
      live = false;
    };
  }, [exceptSegment]);
  return fields;
}

/**
 * The live count of a condition being built (`POST /segments/preview` → `{ total, subscribed }`),
 * asked again `delayMs` after the last change; the 422 of a condition that is not valid yet is
 * returned as `error`, for the builder to show next to the filters it names.
 */
export function useConditionPreview(condition: Condition | null, delayMs = 400) {
  const [count, setCount] = useState<{ total: number; subscribed: number }>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const key = condition ? JSON.stringify(condition) : '';
  const seq = useRef(0);
  useEffect(() => {
    if (!key) return;
    const mine = ++seq.current;
    setBusy(true);
    const t = setTimeout(() => {
      api.post<{ total: number; subscribed: number }>('/segments/preview', { condition: JSON.parse(key) }).then(
        (c) => {
          if (mine !== seq.current) return;
          setCount(c);
          setError(undefined);
          setBusy(false);
        },
        (err) => {
          if (mine !== seq.current) return;
          setCount(undefined);
          setError(toApiError(err));
          setBusy(false);
        },
      );
    }, delayMs);
    return () => clearTimeout(t);
  }, [key, delayMs]);
  return { count, error, busy };
}

// ---- The component ---------------------------------------------------------------------------

export interface ConditionBuilderProps {
  value: Condition;
  onChange: (c: Condition) => void;
  fields: ConditionFields;
  /** The API's field errors; those under `path` are shown next to the filter or group they name. */
  errors?: FieldError[];
  /** Where the condition sits in the API's request, as its errors name it. Default `condition`. */
  path?: string;
}

/** Conditions nest at most this deep (libs/audience LIMITS.MAX_DEPTH). */
const MAX_DEPTH = 5;

export function ConditionBuilder({ value, onChange, fields, errors = [], path = 'condition' }: ConditionBuilderProps) {
  const known = useMemo(() => knownPaths(value, path), [value, path]);
  // Errors that name no filter or group shown here (the condition itself, its logic) go on top.
  const loose = errors.filter((e) => within(e.field, path) && !known.some((k) => within(e.field, k)));
  return (
    <div className="cb">
      {loose.length > 0 && <FieldErrors errors={loose} />}
      <ConditionNode value={value} onChange={onChange} fields={fields} errors={errors} path={path} depth={1} />
    </div>
  );
}

/** Whether an error's path is `path` or inside it (`filters[10]` is not inside `filters[1]`). */
const within = (field: string, path: string) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`);

/** The paths of every group, at any depth, where their errors are shown. */
function knownPaths(c: Condition, path: string): string[] {
  return c.groups.flatMap((g, i) => {
    const gp = `${path}.groups[${i}]`;
    return [gp, ...(g.conditions ? knownPaths(g.conditions, `${gp}.conditions`) : [])];
  });
}

function FieldErrors({ errors }: { errors: FieldError[] }) {
  return (
    <ul className="cb-errors" role="alert">
      {errors.map((e, i) => (
        <li key={i} className="field-error" data-field={e.field}>
          {humanFieldMessage(e)}
        </li>
      ))}
    </ul>
  );
}

interface NodeProps {
  value: Condition;
  onChange: (c: Condition) => void;
  fields: ConditionFields;
  errors: FieldError[];
  path: string;
  depth: number;
}

function ConditionNode({ value, onChange, fields, errors, path, depth }: NodeProps) {
  const id = useId();
  const setGroup = (i: number, g: FilterGroup) => onChange({ ...value, groups: value.groups.map((x, j) => (j === i ? g : x)) });
  const removeGroup = (i: number) => onChange({ ...value, groups: value.groups.filter((_, j) => j !== i) });
  const join = value.logic === 'AND' ? 'and' : 'or';
  return (
    <div className={`cb-condition${depth > 1 ? ' cb-nested' : ''}`} data-depth={depth}>
      <div className="cb-logic">
        <label htmlFor={`${id}-logic`}>{depth > 1 ? 'Nested: match' : 'Match'}</label>
        <select
          id={`${id}-logic`}
          aria-label={depth > 1 ? 'Nested match' : 'Match'}
          value={value.logic}
          onChange={(e) => onChange({ ...value, logic: e.target.value as Logic })}
        >
          <option value="AND">all groups (AND)</option>
          <option value="OR">any group (OR)</option>
        </select>
      </div>
      {value.groups.map((g, i) => (
        <div key={i}>
          {i > 0 && <div className="cb-join">{join}</div>}
          <GroupEditor
            group={g}
            index={i}
            onChange={(ng) => setGroup(i, ng)}
            onRemove={value.groups.length > 1 ? () => removeGroup(i) : undefined}
            fields={fields}
            errors={errors}
            path={`${path}.groups[${i}]`}
            depth={depth}
          />
        </div>
      ))}
      <button type="button" className="small" onClick={() => onChange({ ...value, groups: [...value.groups, { filters: [newFilter()] }] })}>
        + Add group
      </button>
    </div>
  );
}

function GroupEditor(props: {
  group: FilterGroup;
  index: number;
  onChange: (g: FilterGroup) => void;
  onRemove?: () => void;
  fields: ConditionFields;
  errors: FieldError[];
  path: string;
  depth: number;
}) {
  const { group, onChange, fields, errors, path, depth } = props;
  const setFilter = (j: number, f: Filter) => onChange({ ...group, filters: group.filters.map((x, k) => (k === j ? f : x)) });
  const removeFilter = (j: number) => onChange({ ...group, filters: group.filters.filter((_, k) => k !== j) });
  // The group's own problems: anything inside it that no filter row or nested group shows.
  const shown = [...group.filters.map((_, j) => `${path}.filters[${j}]`), ...(group.conditions ? knownPaths(group.conditions, `${path}.conditions`) : [])];
  const own = errors.filter((e) => within(e.field, path) && !shown.some((s) => within(e.field, s)));
  const label = `Group ${props.index + 1}`;
  return (
    <fieldset className="cb-group" aria-label={depth > 1 ? `Nested ${label.toLowerCase()}` : label}>
      <legend>
        {label} <span className="muted">— all of these</span>
      </legend>
      {own.length > 0 && <FieldErrors errors={own} />}
      {group.filters.map((f, j) => (
        <FilterRow
          key={j}
          filter={f}
          label={`${depth > 1 ? 'Nested ' : ''}${label}, filter ${j + 1}`}
          onChange={(nf) => setFilter(j, nf)}
          onRemove={() => removeFilter(j)}
          fields={fields}
          errors={errors.filter((e) => within(e.field, `${path}.filters[${j}]`))}
        />
      ))}
      {group.conditions && (
        <div className="cb-nested-wrap">
          <ConditionNode
            value={group.conditions}
            onChange={(c) => onChange({ ...group, conditions: c })}
            fields={fields}
            errors={errors}
            path={`${path}.conditions`}
            depth={depth + 1}
          />
          <button type="button" className="small link" onClick={() => onChange({ filters: group.filters })}>
            Remove nested condition
          </button>
        </div>
      )}
      <div className="cb-actions">
        <button type="button" className="small" onClick={() => onChange({ ...group, filters: [...group.filters, newFilter()] })}>
          + Add filter
        </button>
        {!group.conditions && depth < MAX_DEPTH && (
          <button type="button" className="small" onClick={() => onChange({ ...group, conditions: newCondition() })}>
            + Add nested condition
          </button>
        )}
        {props.onRemove && (
          <button type="button" className="small danger" onClick={props.onRemove}>
            Remove group
          </button>
        )}
      </div>
    </fieldset>
  );
}

const FAMILY_LABEL: Record<FieldFamily, string> = {
  contact: 'Contact field',
  data: 'Custom field',
  event: 'Event',
  email: 'Email activity',
  segment: 'Segment',
};

/** One filter: field family, which field, operator, and the value the operator needs. */
function FilterRow(props: {
  filter: Filter;
  label: string;
  onChange: (f: Filter) => void;
  onRemove: () => void;
  fields: ConditionFields;
  errors: FieldError[];
}) {
  const { filter: f, label, onChange, fields, errors } = props;
  const id = useId();
  const family = familyOf(f.field);
  const kind = kindOf(f.field, fields);
  const ops = OPERATORS_BY_KIND[kind];
  const errorOf = (part: string) => {
    const e = errors.find((x) => x.field.endsWith(`.${part}`));
    return e && humanFieldMessage(e, part === 'value' ? { value: f.value ?? undefined } : {});
  };
  const rest = errors.filter((e) => !['field', 'operator', 'value', 'unit'].some((p) => e.field.endsWith(`.${p}`)));
  const invalid = (part: string) => (errorOf(part) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${part}-error` } : {});
  return (
    <div className="cb-filter" role="group" aria-label={label}>
      <div className="cb-row">
        <select aria-label="Field type" value={family} onChange={(e) => onChange(withField(f, firstField(e.target.value as FieldFamily, fields), fields))}>
          {(Object.keys(FAMILY_LABEL) as FieldFamily[]).map((k) => (
            <option key={k} value={k}>
              {FAMILY_LABEL[k]}
            </option>
          ))}
        </select>
        <FieldName
          filter={f}
          family={family}
          fields={fields}
          onChange={(field) => onChange(withField(f, field, fields))}
          invalid={invalid('field')}
          listId={`${id}-list`}
        />
        <select
          aria-label="Operator"
          value={ops.includes(f.operator) ? f.operator : ''}
          onChange={(e) => onChange(withOperator(f, e.target.value, kind))}
          {...invalid('operator')}
        >
          {!ops.includes(f.operator) && <option value="">{f.operator || 'Choose…'}</option>}
          {ops.map((op) => (
            <option key={op} value={op}>
              {operatorLabel(op, kind)}
            </option>
          ))}
        </select>
        <ValueInput filter={f} kind={kind} onChange={onChange} invalid={invalid} />
        <button type="button" className="small link cb-remove" onClick={props.onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
          ×
        </button>
      </div>
      {['field', 'operator', 'value', 'unit'].map(
        (part) =>
          errorOf(part) && (
            <div
              key={part}
              className="field-error"
              id={`${id}-${part}-error`}
              role="alert"
              data-field={errors.find((e) => e.field.endsWith(`.${part}`))!.field}
            >
              {errorOf(part)}
            </div>
          ),
      )}
      {rest.length > 0 && <FieldErrors errors={rest} />}
    </div>
  );
}

type Invalid = (part: string) => Record<string, unknown>;

/** Which field of the family: a list where the set is known, free text (with suggestions) where a new name is fine. */
function FieldName({
  filter,
  family,
  fields,
  onChange,
  invalid,
  listId,
}: {
  filter: Filter;
  family: FieldFamily;
  fields: ConditionFields;
  onChange: (field: string) => void;
  invalid: Record<string, unknown>;
  listId: string;
}) {
  const name = nameOf(filter.field);
  switch (family) {
    case 'contact':
      return (
        <select aria-label="Field" value={filter.field} onChange={(e) => onChange(e.target.value)} {...invalid}>
          {STANDARD.map((s) => (
            <option key={s} value={s}>
              {STANDARD_LABEL[s]}
            </option>
          ))}
        </select>
      );
    case 'email':
      return (
        <select aria-label="Field" value={filter.field} onChange={(e) => onChange(e.target.value)} {...invalid}>
          {EMAIL_STATUSES.map((s) => (
            <option key={s} value={`email.${s}`}>
              email {s}
            </option>
          ))}
        </select>
      );
    case 'segment':
      return (
        <select aria-label="Segment" value={name} onChange={(e) => onChange(`segment.${e.target.value}`)} {...invalid}>
          {!fields.segments.some((s) => s.id === name) && (
            <option value={name}>{name ? name : fields.segments.length ? 'Choose a segment…' : 'No other segments'}</option>
          )}
          {fields.segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      );
    case 'data':
    case 'event': {
      const options = family === 'data' ? fields.data.map((d) => d.key) : fields.events;
      return (
        <>
          <input
            aria-label={family === 'data' ? 'Custom field name' : 'Event name'}
            list={listId}
            value={name}
            placeholder={family === 'data' ? 'plan' : 'purchased'}
            onChange={(e) => onChange(`${family}.${e.target.value}`)}
            {...invalid}
          />
          <datalist id={listId}>
            {options.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        </>
      );
    }
  }
}

/** The value input the kind and operator need; nothing for the operators that take none. */
function ValueInput({ filter: f, kind, onChange, invalid }: { filter: Filter; kind: FieldKind; onChange: (f: Filter) => void; invalid: Invalid }) {
  const op = f.operator;
  if (NO_VALUE.has(op) || !OPERATORS_BY_KIND[kind].includes(op)) return null;
  /** Sets value, leaving it out when the input is empty (the API then says it is needed). */
  const set = (value: FilterValue | undefined) => {
    const out: Filter = { field: f.field, operator: f.operator };
    if (value !== undefined && value !== '') out.value = value;
    if (f.unit) out.unit = f.unit;
    onChange(out);
  };
  const num = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s));
  if (DURATION.has(op)) {
    return (
      <span className="cb-duration">
        <input
          aria-label="Amount"
          type="number"
          min={1}
          step={1}
          value={typeof f.value === 'number' ? f.value : ''}
          onChange={(e) => set(num(e.target.value))}
          {...invalid('value')}
        />
        <select aria-label="Unit" value={f.unit ?? 'days'} onChange={(e) => onChange({ ...f, unit: e.target.value as TimeUnit })} {...invalid('unit')}>
          <option value="minutes">minutes</option>
          <option value="hours">hours</option>
          <option value="days">days</option>
        </select>
      </span>
    );
  }
  switch (kind) {
    case 'boolean':
    case 'data:boolean':
      return (
        <select aria-label="Value" value={String(f.value ?? true)} onChange={(e) => set(e.target.value === 'true')} {...invalid('value')}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'event':
      return (
        <input
          aria-label="Times"
          type="number"
          min={0}
          step={1}
          value={typeof f.value === 'number' ? f.value : ''}
          onChange={(e) => set(num(e.target.value))}
          {...invalid('value')}
        />
      );
    case 'data:number':
      return (
        <input
          aria-label="Value"
          type="number"
          value={typeof f.value === 'number' ? f.value : ''}
          onChange={(e) => set(num(e.target.value))}
          {...invalid('value')}
        />
      );
    case 'date':
    case 'data:date':
      return (
        <input
          aria-label="Date"
          type="date"
          value={typeof f.value === 'string' ? f.value.slice(0, 10) : ''}
          onChange={(e) => set(e.target.value)}
          {...invalid('value')}
        />
      );
    case 'data:untyped':
      // No contact has the field yet: a number where a comparison needs one, else text.
      return (
        <input
          aria-label="Value"
          value={f.value === undefined ? '' : String(f.value)}
          onChange={(e) => set(COMPARISON.includes(op) && num(e.target.value) !== undefined ? num(e.target.value) : e.target.value)}
          {...invalid('value')}
        />
      );
    default:
      return (
        <input
          aria-label="Value"
          value={typeof f.value === 'string' ? f.value : f.value === undefined ? '' : String(f.value)}
          onChange={(e) => set(e.target.value)}
          {...invalid('value')}
        />
      );
  }
}
