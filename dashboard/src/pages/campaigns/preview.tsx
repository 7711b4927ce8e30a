import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api';
import type { Answer } from '../../api-types';
import { ErrorBanner } from '../../ui/form';
import { Spinner } from '../../ui/kit';
import type { Rendered } from '../templates/types';
import type { Campaign } from './model';

/** POST /campaigns/:id/preview: the campaign's content, its audience's first contacts and the one previewed for. */
export type CampaignPreviewData = Answer<'/campaigns/{id}/preview', 'post'>;
export type PreviewContact = CampaignPreviewData['contacts'][number];

/** The variables a contact gives a template: its data, and its address as `email` (as a send gives them). */
export const contactVars = (c: PreviewContact) => ({ ...c.data, email: c.email });

/**
 * The audience's first contacts and the one chosen among them (the first by default): the preview
 * shows the email for it, a test send takes its data. `choose` picks another contact of the list.
 */
export function usePreviewContacts(campaign: Pick<Campaign, 'id' | 'updatedAt'>) {
  const [data, setData] = useState<CampaignPreviewData>();
  const [error, setError] = useState<unknown>();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    let live = true;
    api.post<CampaignPreviewData>(`/campaigns/${campaign.id}/preview`, {}).then(
      (d) => live && (setData(d), setError(undefined)),
      (err) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [campaign.id, campaign.updatedAt]);
  const contacts = data?.contacts ?? [];
  const i = contacts.length ? Math.min(index, contacts.length - 1) : 0;
  return { data, error, contacts, index: i, contact: contacts[i] ?? data?.contact ?? undefined, choose: setIndex };
}

/**
 * The campaign as one contact of its audience receives it: subject, sender and body rendered by
 * Herald (POST /templates/preview, the module a send uses) with that contact's data, in a
 * sandboxed frame; previous and next go through the audience's first contacts.
 */
export function CampaignPreview({ preview }: { preview: ReturnType<typeof usePreviewContacts> }) {
  const { data, error, contacts, index, contact, choose } = preview;
  const [out, setOut] = useState<Rendered>();
  const [renderError, setRenderError] = useState<unknown>();
  const seq = useRef(0);
  const vars = contact ? JSON.stringify(contactVars(contact)) : undefined;

  useEffect(() => {
    if (!data) return;
    const n = ++seq.current;
    api.post<Rendered>('/templates/preview', { subject: data.subject, body: data.body, data: vars ? JSON.parse(vars) : {} }).then(
      (r) => n === seq.current && (setOut(r), setRenderError(undefined)),
      (err) => n === seq.current && setRenderError(err),
    );
  }, [data, vars]);

  return (
    <section className="card campaign-preview" aria-labelledby="campaign-preview-title">
      <div className="campaign-preview-head">
        <h2 id="campaign-preview-title">Preview</h2>
        {contacts.length > 1 && (
          <div className="campaign-preview-nav" role="group" aria-label="Contact previewed for">
            <button type="button" className="small" disabled={index === 0} onClick={() => choose(index - 1)}>
              ← Previous
            </button>
            <span className="muted" data-testid="preview-position">
              {index + 1} of {contacts.length}
            </span>
            <button type="button" className="small" disabled={index >= contacts.length - 1} onClick={() => choose(index + 1)}>
              Next →
            </button>
          </div>
        )}
      </div>
      <ErrorBanner error={error ?? renderError} />
      {!data && !error && <Spinner label="Loading the preview…" />}
      {data && (
        <>
          <p className="muted" role="status" data-testid="preview-contact">
            {contact ? (
              <>
                As <Link href={`~/contacts/${contact.id}`}>{contact.email}</Link> receives it
                {contacts.length > 1 ? ` (the first ${contacts.length} contacts of the audience)` : ''}.
              </>
            ) : (
              'The audience has no subscribed contacts yet: shown with no contact data (fallbacks apply).'
            )}
          </p>
          <dl className="data-list campaign-preview-fields">
            <div>
              <dt>From</dt>
              <dd data-testid="preview-from">{data.fromName ? `${data.fromName} <${data.from}>` : data.from}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd data-testid="preview-subject">{out?.subject ?? ''}</dd>
            </div>
          </dl>
          {out?.errors.map((e) => (
            <div key={e.field} className="banner banner-warn" role="status">
              <span>
                <strong>{e.field === 'body' ? 'Body' : 'Subject'}</strong> {e.message}
              </span>
            </div>
          ))}
          <iframe title="Email preview" className="campaign-frame" sandbox="" srcDoc={out?.html ?? ''} />
        </>
      )}
    </section>
  );
}
