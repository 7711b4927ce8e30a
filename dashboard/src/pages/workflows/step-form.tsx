import { useId } from 'react';
import { DURATION_OPERATORS, NO_VALUE_OPERATORS, OPERATORS } from '../../../../libs/audience/src/language';
import { ApiError } from '../../api';
import { ErrorBanner, Field, Submit, useForm, type Form } from '../../ui/form';
import { splitSeconds, STEP_LABELS, TIME_UNITS, type Lookups, type StepType, type TimeUnit } from './model';

/**
 * A step's name and config, per type (Plunk's step configs), for adding a step and for changing
 * one. The form keeps strings; `toConfig` turns them into the config the API checks, and the
 * API's field errors (`config.amount`) show next to the field they name.
 */

export interface StepBody {
  name: string;
  config: Record<string, unknown>;
}

type Values = ReturnType<typeof initialValues>;

const NO_VALUE: ReadonlySet<string> = NO_VALUE_OPERATORS;
const DURATION: ReadonlySet<string> = DURATION_OPERATORS;
const json = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2));

function initialValues(type: StepType, name: string, c: Record<string, any>, templateId: string | null) {
  const timeout = c.timeout ? splitSeconds(Number(c.timeout)) : undefined;
  return {
    name,
    templateId: templateId ?? c.templateId ?? '',
    recipientType: c.recipient?.type ?? 'CONTACT',
    customEmail: c.recipient?.customEmail ?? '',
    amount: c.amount !== undefined ? String(c.amount) : type === 'DELAY' ? '1' : '',
    unit: (c.unit ?? (type === 'DELAY' ? 'hours' : '')) as string,
    eventName: c.eventName ?? '',
    timeoutAmount: timeout ? String(timeout.amount) : '',
    timeoutUnit: timeout?.unit ?? 'hours',
    mode: c.mode === 'multi' ? 'multi' : 'simple',
    field: c.field ?? '',
    operator: c.operator ?? 'equals',
    value: c.value === undefined || c.value === null ? '' : String(c.value),
    branches: c.mode === 'multi' ? json(c.branches) : '',
    url: c.url ?? '',
    method: c.method ?? 'POST',
    headers: json(c.headers),
    body: typeof c.body === 'string' ? c.body : json(c.body),
    updates: c.updates ? json(c.updates) : '',
    subscriptionAction: c.subscriptionAction ?? 'none',
    reason: c.reason ?? '',
  };
}

/** JSON typed in a textarea: its value, or a field error naming `apiField`. */
function parseJson(text: string, apiField: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError(0, 'INVALID_JSON', `${apiField} is not valid JSON`, (err as Error).message, [
      { field: apiField, message: 'Not valid JSON: ' + (err as Error).message },
    ]);
  }
}

/** A CONDITION value as the field's type wants it: numbers for number fields, true/false for booleans. */
function conditionValue(text: string, fieldType: string | undefined): string | number | boolean {
  const t = text.trim();
  if (fieldType === 'number' || (fieldType !== 'string' && /^-?\d+(\.\d+)?$/.test(t))) return Number(t);
  if (fieldType === 'boolean' || (fieldType !== 'string' && (t === 'true' || t === 'false'))) return t === 'true';
  return text;
}

export function toConfig(type: StepType, v: Values, lookups: Lookups): Record<string, unknown> {
  switch (type) {
    case 'SEND_EMAIL':
      return {
        templateId: v.templateId || null,
        recipient: v.recipientType === 'CUSTOM' ? { type: 'CUSTOM', customEmail: v.customEmail } : { type: 'CONTACT' },
      };
    case 'DELAY':
      return { amount: Number(v.amount), unit: v.unit };
    case 'WAIT_FOR_EVENT':
      return { eventName: v.eventName, ...(v.timeoutAmount ? { timeout: Number(v.timeoutAmount) * TIME_UNITS[v.timeoutUnit as TimeUnit] } : {}) };
    case 'CONDITION': {
      if (v.mode === 'multi') return { mode: 'multi', field: v.field, branches: parseJson(v.branches, 'config.branches') ?? [] };
      const fieldType = lookups.fields.find((f) => f.field === v.field)?.type;
      return {
        field: v.field,
        operator: v.operator,
        ...(NO_VALUE.has(v.operator) || v.value === '' ? {} : { value: DURATION.has(v.operator) ? Number(v.value) : conditionValue(v.value, fieldType) }),
        ...(DURATION.has(v.operator) ? { unit: v.unit || 'days' } : {}),
      };
    }
    case 'WEBHOOK': {
      const body = v.body.trim().startsWith('{') ? parseJson(v.body, 'config.body') : v.body || undefined;
      return {
        url: v.url,
        method: v.method,
        ...(v.headers.trim() ? { headers: parseJson(v.headers, 'config.headers') } : {}),
        ...(body !== undefined ? { body } : {}),
      };
    }
    case 'UPDATE_CONTACT':
      return { ...(v.updates.trim() ? { updates: parseJson(v.updates, 'config.updates') } : {}), subscriptionAction: v.subscriptionAction };
    case 'EXIT':
      return v.reason ? { reason: v.reason } : {};
    default:
      return {};
  }
}

export function StepForm(props: {
  type: StepType;
  name?: string;
  config?: Record<string, any>;
  templateId?: string | null;
  lookups: Lookups;
  submitLabel: string;
  onSubmit: (body: StepBody) => Promise<unknown>;
}) {
  const { type, lookups } = props;
  const form = useForm(initialValues(type, props.name ?? STEP_LABELS[type], props.config ?? {}, props.templateId ?? null));
  if (type === 'TRIGGER') return null;
  return (
    <form onSubmit={form.submit((v) => props.onSubmit({ name: v.name, config: toConfig(type, v, lookups) }))} noValidate className="step-form">
      <ErrorBanner error={form.error} />
      <Field form={form} name="name" label="Step name" />
      <ConfigFields type={type} form={form} lookups={lookups} />
      <Submit busy={form.busy}>{props.submitLabel}</Submit>
    </form>
  );
}

function ConfigFields({ type, form, lookups }: { type: StepType; form: Form<Values>; lookups: Lookups }) {
  const listId = useId();
  const v = form.values;
  const events = (
    <datalist id={`${listId}-events`}>
      {lookups.eventNames.map((n) => (
        <option key={n} value={n} />
      ))}
    </datalist>
  );
  switch (type) {
    case 'SEND_EMAIL':
      return (
        <>
          <Field
            form={form}
            name="templateId"
            label="Template"
            apiField="config.templateId"
            hint={lookups.templates.length === 0 ? 'No templates yet: create one under Templates.' : undefined}
          >
            {(p) => (
              <select {...p}>
                <option value="">Choose a template…</option>
                {lookups.templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form={form} name="recipientType" label="Send to" apiField="config.recipient.type">
            {(p) => (
              <select {...p}>
                <option value="CONTACT">The contact</option>
                <option value="CUSTOM">A fixed address</option>
              </select>
            )}
          </Field>
          {v.recipientType === 'CUSTOM' && <Field form={form} name="customEmail" label="Address" type="email" apiField="config.recipient.customEmail" />}
        </>
      );
    case 'DELAY':
      return (
        <div className="field-row">
          <Field form={form} name="amount" label="Wait" type="number" apiField="config.amount" />
          <Field form={form} name="unit" label="Unit" apiField="config.unit">
            {(p) => <UnitSelect {...p} />}
          </Field>
        </div>
      );
    case 'WAIT_FOR_EVENT':
      return (
        <>
          <Field form={form} name="eventName" label="Event" apiField="config.eventName" hint="The event the contact must trigger (EVENT way out).">
            {(p) => <input {...p} list={`${listId}-events`} autoComplete="off" />}
          </Field>
          {events}
          <div className="field-row">
            <Field
              form={form}
              name="timeoutAmount"
              label="Give up after"
              type="number"
              apiField="config.timeout"
              hint="Empty: wait for ever. Else the TIMEOUT way out."
            />
            <Field form={form} name="timeoutUnit" label="Unit">
              {(p) => <UnitSelect {...p} />}
            </Field>
          </div>
        </>
      );
    case 'CONDITION':
      return (
        <>
          <Field form={form} name="mode" label="Branches" apiField="config.mode">
            {(p) => (
              <select {...p}>
                <option value="simple">Two ways: yes / no</option>
                <option value="multi">Several branches</option>
              </select>
            )}
          </Field>
          <Field
            form={form}
            name="field"
            label="Field"
            apiField="config.field"
            hint="A contact field (data.plan), email.opened, event.<name>, segment.<id> or context.<key>."
          >
            {(p) => <input {...p} list={`${listId}-fields`} autoComplete="off" />}
          </Field>
          <datalist id={`${listId}-fields`}>
            {lookups.fields.map((f) => (
              <option key={f.field} value={f.field}>
                {f.category}
              </option>
            ))}
          </datalist>
          {v.mode === 'multi' ? (
            <Field
              form={form}
              name="branches"
              label="Branches (JSON)"
              apiField="config.branches"
              hint='e.g. [{ "id": "pro", "name": "Pro", "operator": "equals", "value": "pro" }]; the first that matches wins, else "default".'
            >
              {(p) => <textarea {...p} rows={6} className="mono" spellCheck={false} />}
            </Field>
          ) : (
            <>
              <Field form={form} name="operator" label="Operator" apiField="config.operator">
                {(p) => (
                  <select {...p}>
                    {OPERATORS.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {!NO_VALUE.has(v.operator) && (
                <div className="field-row">
                  <Field form={form} name="value" label="Value" apiField="config.value" />
                  {DURATION.has(v.operator) && (
                    <Field form={form} name="unit" label="Unit" apiField="config.unit">
                      {(p) => <UnitSelect {...p} value={p.value || 'days'} />}
                    </Field>
                  )}
                </div>
              )}
            </>
          )}
        </>
      );
    case 'WEBHOOK':
      return (
        <>
          <Field form={form} name="url" label="URL" type="url" apiField="config.url" placeholder="https://hooks.example.com/herald" />
          <Field form={form} name="method" label="Method" apiField="config.method">
            {(p) => (
              <select {...p}>
                {['POST', 'PUT', 'PATCH', 'GET', 'DELETE'].map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            )}
          </Field>
          <Field form={form} name="headers" label="Headers (JSON)" apiField="config.headers" hint='e.g. { "Authorization": "Bearer …" }'>
            {(p) => <textarea {...p} rows={3} className="mono" spellCheck={false} />}
          </Field>
          <Field form={form} name="body" label="Body" apiField="config.body" hint="Empty: the contact, workflow, execution and event as JSON.">
            {(p) => <textarea {...p} rows={4} className="mono" spellCheck={false} />}
          </Field>
        </>
      );
    case 'UPDATE_CONTACT':
      return (
        <>
          <Field form={form} name="updates" label="Set contact data (JSON)" apiField="config.updates" hint='e.g. { "onboarded": true }'>
            {(p) => <textarea {...p} rows={4} className="mono" spellCheck={false} />}
          </Field>
          <Field form={form} name="subscriptionAction" label="Subscription" apiField="config.subscriptionAction">
            {(p) => (
              <select {...p}>
                <option value="none">Leave as is</option>
                <option value="subscribe">Subscribe</option>
                <option value="unsubscribe">Unsubscribe</option>
              </select>
            )}
          </Field>
        </>
      );
    case 'EXIT':
      return <Field form={form} name="reason" label="Exit reason" apiField="config.reason" />;
    default:
      return null;
  }
}

function UnitSelect(p: Record<string, any>) {
  return (
    <select {...p}>
      <option value="minutes">minutes</option>
      <option value="hours">hours</option>
      <option value="days">days</option>
    </select>
  );
}
