import { useLocation } from 'wouter';
import { api, ApiError } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { PageHeader } from '../../ui/kit';
import { AudiencePicker, parseFilter, useAudienceCount } from './audience';
import { useTemplateChoices, type Template } from '../templates/types';
import { readable } from '../../ui/text';
import { type Campaign, type Segment } from './model';

/** The form's values: every field a string, as typed (kept on an error). */
interface Values {
  name: string;
  subject: string;
  from: string;
  fromName: string;
  replyTo: string;
  templateId: string;
  body: string;
  audienceType: Campaign['audienceType'];
  segmentId: string;
  audienceFilter: string;
}

function initialValues(c?: Campaign): Values {
  return {
    name: c?.name ?? '',
    subject: c?.subject ?? '',
    from: c?.from ?? '',
    fromName: c?.fromName ?? '',
    replyTo: c?.replyTo ?? '',
    templateId: c?.templateId ?? '',
    body: c?.body ?? '',
    audienceType: c?.audienceType ?? 'ALL',
    segmentId: c?.segmentId ?? '',
    audienceFilter: c?.audienceFilter ? JSON.stringify(c.audienceFilter, null, 2) : '',
  };
}

/**
 * The body POST and PUT take (PUT replaces the whole campaign): blank optional fields left out,
 * so a template fills them; the filter parsed here, its JSON error named like the API's.
 */
function toBody(v: Values) {
  const opt = (s: string) => (s.trim() === '' ? undefined : s);
  let audienceFilter: Record<string, unknown> | undefined;
  if (v.audienceType === 'FILTERED') {
    audienceFilter = parseFilter(v.audienceFilter);
    if (!audienceFilter)
      throw new ApiError(0, 'INVALID_JSON', 'The filter is not a JSON object', 'Write a condition such as { "logic": "AND", "groups": [...] }.', [
        { field: 'audienceFilter', message: 'Not a valid JSON object' },
      ]);
  }
  return {
    name: v.name,
    subject: opt(v.subject),
    body: opt(v.body),
    from: opt(v.from),
    fromName: opt(v.fromName) ?? null,
    replyTo: opt(v.replyTo) ?? null,
    templateId: opt(v.templateId) ?? null,
    audienceType: v.audienceType,
    segmentId: v.audienceType === 'SEGMENT' ? opt(v.segmentId) : undefined,
    audienceFilter,
  };
}

/** Compose a new campaign (DRAFT), or edit one that has not started (DRAFT or SCHEDULED). */
export function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const [, go] = useLocation();
  const form = useForm<Values>(initialValues(campaign));
  const v = form.values;
  const segments = useApi<Segment[]>('/segments');
  const templates = useTemplateChoices([campaign?.templateId]);
  const audience = { audienceType: v.audienceType, segmentId: v.segmentId, audienceFilter: v.audienceFilter };
  const count = useAudienceCount(audience, segments.data);
  const usesTemplate = v.templateId !== '';
  // The chosen template's values are the effective ones of the fields left blank: shown in them
  // (as placeholders) and named under them, so choosing a template blanks nothing.
  const template = useApi<Template>(usesTemplate ? `/templates/${v.templateId}` : null).data;
  const t = usesTemplate && template?.id === v.templateId ? template : undefined;
  const fromTemplate = (field: 'subject' | 'from' | 'body', own: string) => {
    if (!t) return usesTemplate ? 'Leave blank to use the template’s.' : undefined;
    const theirs = field === 'from' ? (t.from ?? '') : t[field];
    if (own.trim() !== '') return `Your ${field} replaces the template’s.`;
    if (!theirs) return `The template has no ${field}: set one here.`;
    return field === 'subject'
      ? `Uses the template’s subject: “${readable(theirs)}”.`
      : `Uses the template’s ${field === 'from' ? 'sender' : 'body'} (shown greyed).`;
  };

  return (
    <>
      <PageHeader
        title={campaign ? `Edit ${campaign.name}` : 'New campaign'}
        subtitle={campaign ? undefined : 'Saved as a draft: send or schedule it from its page.'}
      />
      <form
        className="campaign-form"
        noValidate
        onSubmit={form.submit(async (values) => {
          const body = toBody(values);
          const saved = campaign ? await api.put<Campaign>(`/campaigns/${campaign.id}`, body) : (await api.post<{ data: Campaign }>('/campaigns', body)).data;
          go(`/${saved.id}`);
        })}
      >
        <ErrorBanner error={form.error} />
        <div className="grid-2">
          <section className="card">
            <h2>Message</h2>
            <Field form={form} name="name" label="Name" hint="For you; recipients never see it." required />
            {templates && templates.length > 0 && (
              <Field form={form} name="templateId" label="Template" hint="Optional: fills the subject, body and sender you leave blank.">
                {(p) => (
                  <select {...p}>
                    <option value="">None</option>
                    {templates.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <Field
              form={form}
              name="subject"
              label="Subject"
              placeholder={t?.subject || undefined}
              hint={fromTemplate('subject', v.subject) ?? 'Handlebars: {{data.firstName}}, {{email}}.'}
            />
            <Field
              form={form}
              name="from"
              label="From"
              type="email"
              placeholder={t?.from || 'news@your-domain.com'}
              hint={fromTemplate('from', v.from) ?? 'An address on a verified domain of the project.'}
            />
            <div className="grid-2">
              <Field form={form} name="fromName" label="From name" />
              <Field form={form} name="replyTo" label="Reply-to" type="email" />
            </div>
            <Field
              form={form}
              name="body"
              label="Body (HTML)"
              hint={fromTemplate('body', v.body) ?? 'Handlebars per recipient; {{unsubscribeUrl}} for the unsubscribe link.'}
            >
              {(p) => <textarea {...p} rows={12} className="mono" spellCheck={false} placeholder={t?.body || undefined} />}
            </Field>
          </section>
          <section className="card">
            <AudiencePicker
              value={audience}
              onChange={(a) => form.setValues((cur) => ({ ...cur, ...a }))}
              segments={segments.data}
              count={count}
              errors={{
                segmentId: form.fieldError('segmentId'),
                audienceFilter: form.error?.errors.find((e) => e.field === 'audienceFilter')?.message,
                audienceType: form.fieldError('audienceType'),
                filter: form.error?.errorsUnder('audienceFilter'),
              }}
            />
            {segments.error && <ErrorBanner error={segments.error} />}
          </section>
        </div>
        <div className="actions">
          <Submit busy={form.busy}>{campaign ? 'Save changes' : 'Save draft'}</Submit>
          <button type="button" onClick={() => go(campaign ? `/${campaign.id}` : '/')}>
            Back
          </button>
        </div>
      </form>
    </>
  );
}
