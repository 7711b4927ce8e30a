import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api, type ApiError, type CursorPage, type Contact, type FieldError } from '../../api';
import { useApi } from '../../ui/data';
import { toApiError } from '../../ui/form';
import { formatNumber } from '../../ui/kit';
import { ConditionBuilder, useConditionFields, type Condition } from '../segments/condition-builder';
import { AUDIENCE_LABEL, type AudienceType, type Segment } from './model';

/** Who a campaign goes to, as the form holds it: the filter is JSON text until it is sent. */
export interface Audience {
  audienceType: AudienceType;
  segmentId: string;
  audienceFilter: string;
}

export interface AudienceCount {
  /** How many contacts the audience reaches now (subscribed ones), when known. */
  count?: number;
  /** What the count says, e.g. "3 of 5 matching contacts are subscribed". */
  detail?: string;
  loading: boolean;
  error?: ApiError;
  /** A filter the count refused: its problems, at their paths in the campaign (`audienceFilter.groups[0]…`). */
  filterErrors?: FieldError[];
}

/** Parses the filter's JSON text; undefined when it is not a JSON object. */
export function parseFilter(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many recipients an audience has right now: ALL counts the subscribed contacts, SEGMENT
 * shows the segment's member count, FILTERED asks POST /segments/preview (a moment after typing
 * stops). The send itself counts again, and skips unsubscribed and suppressed contacts.
 */
export function useAudienceCount(a: Audience, segments: Segment[] | undefined): AudienceCount {
  const all = useApi<CursorPage<Contact>>(a.audienceType === 'ALL' ? '/contacts?subscribed=true&limit=1' : null);
  const [preview, setPreview] = useState<{ total: number; subscribed: number }>();
  const [previewError, setPreviewError] = useState<ApiError>();
  const [previewing, setPreviewing] = useState(false);
  const filtered = a.audienceType === 'FILTERED';

  useEffect(() => {
    setPreview(undefined);
    setPreviewError(undefined);
    if (!filtered) return;
    const condition = parseFilter(a.audienceFilter);
    if (!condition) return;
    let stale = false;
    setPreviewing(true);
    const t = setTimeout(() => {
      api
        .post<{ total: number; subscribed: number }>('/segments/preview', { condition })
        .then(
          (r) => !stale && setPreview(r),
          (err) => !stale && setPreviewError(toApiError(err)),
        )
        .finally(() => !stale && setPreviewing(false));
    }, 400);
    return () => {
      stale = true;
      clearTimeout(t);
      setPreviewing(false);
    };
  }, [filtered, a.audienceFilter]);

  if (a.audienceType === 'ALL') return { count: all.data?.total, detail: 'every subscribed contact of the project', loading: all.loading, error: all.error };
  if (a.audienceType === 'SEGMENT') {
    const s = segments?.find((x) => x.id === a.segmentId);
    return {
      count: s?.memberCount,
      detail: s ? `${formatNumber(s.memberCount)} members in “${s.name}” (unsubscribed members are skipped)` : undefined,
      loading: !segments,
    };
  }
  if (!parseFilter(a.audienceFilter)) return { loading: false };
  return {
    count: preview?.subscribed,
    detail: preview ? `${formatNumber(preview.subscribed)} of ${formatNumber(preview.total)} matching contacts are subscribed` : undefined,
    loading: previewing,
    error: previewError,
    // The preview names the condition `condition`; in the campaign it is `audienceFilter`.
    filterErrors: previewError?.errors.map((e) => ({ ...e, field: e.field.replace(/^condition(?=[.[]|$)/, 'audienceFilter') })),
  };
}

const EXAMPLE_FILTER = JSON.stringify({ logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] }, null, 2);

/**
 * The audience part of the campaign form: a radio group for the type, then the segment to pick or
 * the filter to build, and the recipient count. `errors` are the API's messages by field.
 */
export function AudiencePicker({
  value,
  onChange,
  segments,
  count,
  errors,
}: {
  value: Audience;
  onChange: (a: Audience) => void;
  segments: Segment[] | undefined;
  count: AudienceCount;
  /** The form's field errors; `filter`, those inside the filter (full paths), go next to the filter they name. */
  errors: { segmentId?: string; audienceFilter?: string; audienceType?: string; filter?: FieldError[] };
}) {
  const set = (patch: Partial<Audience>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="audience">
      <legend>Audience</legend>
      <div className="audience-types" role="radiogroup" aria-label="Audience type">
        {(Object.keys(AUDIENCE_LABEL) as AudienceType[]).map((t) => (
          <label key={t} className="audience-type">
            <input
              type="radio"
              name="audienceType"
              value={t}
              checked={value.audienceType === t}
              onChange={() => set({ audienceType: t, ...(t === 'FILTERED' && !value.audienceFilter ? { audienceFilter: EXAMPLE_FILTER } : {}) })}
            />
            {AUDIENCE_LABEL[t]}
          </label>
        ))}
      </div>
      {errors.audienceType && (
        <div className="field-error" role="alert">
          {errors.audienceType}
        </div>
      )}

      {value.audienceType === 'SEGMENT' && (
        <div className={`field${errors.segmentId ? ' field-invalid' : ''}`}>
          <label htmlFor="campaign-segment">Segment</label>
          <select
            id="campaign-segment"
            value={value.segmentId}
            onChange={(e) => set({ segmentId: e.target.value })}
            aria-invalid={errors.segmentId ? true : undefined}
            aria-describedby={errors.segmentId ? 'campaign-segment-error' : undefined}
          >
            <option value="">{segments ? (segments.length ? 'Pick a segment…' : 'No segments yet') : 'Loading…'}</option>
            {segments?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatNumber(s.memberCount)})
              </option>
            ))}
          </select>
          {segments?.length === 0 && (
            <div className="field-hint">
              <Link href="~/segments">Create a segment</Link> first.
            </div>
          )}
          {errors.segmentId && (
            <div className="field-error" id="campaign-segment-error" role="alert">
              {errors.segmentId}
            </div>
          )}
        </div>
      )}

      {value.audienceType === 'FILTERED' && (
        <FilterEditor
          text={value.audienceFilter}
          onChange={(audienceFilter) => set({ audienceFilter })}
          error={errors.audienceFilter}
          inside={errors.filter?.length ? errors.filter : (count.filterErrors ?? [])}
        />
      )}

      <RecipientCount count={count} />
    </fieldset>
  );
}

/** The recipient count line, live while the audience is edited. */
export function RecipientCount({ count }: { count: AudienceCount }) {
  return (
    <p className="recipient-count" aria-live="polite" data-testid="recipient-count">
      {count.error ? (
        <span className="field-error">
          Could not count the recipients: {count.error.message}
          {count.error.suggestion ? ` ${count.error.suggestion}` : ''}
        </span>
      ) : count.count !== undefined ? (
        <>
          <strong>{formatNumber(count.count)}</strong> {count.count === 1 ? 'recipient' : 'recipients'}
          {count.detail && <span className="muted"> · {count.detail}</span>}
        </>
      ) : count.loading ? (
        <span className="muted">Counting recipients…</span>
      ) : (
        <span className="muted">Pick an audience to see how many it reaches.</span>
      )}
    </p>
  );
}

/**
 * A FILTERED audience: the segments' condition builder, with the same condition as JSON beside it
 * (to paste one, or when it is not a condition the builder can show). The form keeps the JSON text.
 */
function FilterEditor({ text, onChange, error, inside }: { text: string; onChange: (text: string) => void; error?: string; inside: FieldError[] }) {
  const fields = useConditionFields();
  const condition = parseFilter(text) as Condition | undefined;
  const buildable = !!condition && Array.isArray(condition.groups);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {buildable ? (
        <ConditionBuilder value={condition!} onChange={(c) => onChange(JSON.stringify(c, null, 2))} fields={fields} errors={inside} path="audienceFilter" />
      ) : (
        <div className="field-hint">The JSON below is not a condition the builder can show yet.</div>
      )}
      <details open={!buildable || undefined}>
        <summary>Edit as JSON</summary>
        <label htmlFor="campaign-filter">Filter condition (JSON)</label>
        <textarea
          id="campaign-filter"
          className="mono"
          rows={8}
          spellCheck={false}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="campaign-filter-hint"
        />
        <div className="field-hint" id="campaign-filter-hint">
          {'{ logic: AND|OR, groups: [{ filters: [{ field, operator, value }] }] }'} — fields such as <code>email</code>, <code>data.plan</code>,{' '}
          <code>event.signup</code>.{!condition && text.trim() !== '' && <> Not a valid JSON object yet.</>}
        </div>
      </details>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      {!buildable && inside.length > 0 && (
        <ul className="field-error" role="alert">
          {inside.map((e, i) => (
            <li key={i}>
              <code>{e.field.replace(/^audienceFilter\.?/, '')}</code>: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
