import { useState } from 'react';
import { api, type Project } from '../../api';
import { canManage, useProject, useSession } from '../../session';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { ReadOnlyNote } from './shared';

const TRACKING: { value: Project['tracking']; label: string }[] = [
  { value: 'ENABLED', label: 'Enabled: clicks of every email, opens of marketing mail' },
  { value: 'MARKETING_ONLY', label: 'Marketing only: campaigns and workflows, not transactional mail' },
  { value: 'DISABLED', label: 'Disabled: no open pixel, links left as written' },
];

/** The project's name, open and click tracking (the open pixel in transactional mail too, if chosen), and the language of its pages (unsubscribe, preferences). */
export function General() {
  const project = useProject();
  const { updateProject, config } = useSession();
  const manage = canManage(project);
  const trackingEditable = config?.features.email.trackingToggleEnabled !== false;
  const form = useForm({
    name: project.name,
    tracking: project.tracking,
    transactionalOpenTracking: project.transactionalOpenTracking,
    language: project.language ?? '',
  });
  const [saved, setSaved] = useState(false);
  return (
    <section className="card settings-form">
      <h2>General</h2>
      {!manage && <ReadOnlyNote />}
      <form
        noValidate
        onSubmit={form.submit(async (v) => {
          setSaved(false);
          const body: Record<string, string | boolean> = { name: v.name };
          if (trackingEditable) Object.assign(body, { tracking: v.tracking, transactionalOpenTracking: v.transactionalOpenTracking });
          // The API takes a language (2–10 characters) but no way back to none: an empty field leaves it as it is.
          if (v.language.trim()) body.language = v.language.trim();
          const p = await api.patch<Project>(`/users/@me/projects/${project.id}`, body);
          updateProject(p);
          form.setValues({ name: p.name, tracking: p.tracking, transactionalOpenTracking: p.transactionalOpenTracking, language: p.language ?? '' });
          setSaved(true);
        })}
      >
        <ErrorBanner error={form.error} />
        {saved && !form.error && (
          <div className="banner banner-info" role="status">
            Saved.
          </div>
        )}
        <fieldset disabled={!manage} style={{ border: 'none', padding: 0, margin: 0 }}>
          <Field form={form} name="name" label="Project name" required />
          <Field form={form} name="tracking" label="Open and click tracking" hint={trackingEditable ? undefined : 'Fixed on this deployment.'}>
            {(p) => (
              <select {...p} disabled={!trackingEditable || !manage}>
                {TRACKING.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.values.transactionalOpenTracking}
              disabled={!trackingEditable || !manage || form.values.tracking !== 'ENABLED'}
              onChange={(e) => form.set('transactionalOpenTracking', e.target.checked)}
            />{' '}
            Track opens of transactional mail too
          </label>
          <p className="field-hint">
            Off by default: the open pixel makes short transactional mail (receipts, password resets) look image-only to spam filters, and clicks are tracked
            either way. Mail without images of its own never gets the pixel.
          </p>
          <Field
            form={form}
            name="language"
            label="Language"
            hint="Of the pages Herald shows your contacts (unsubscribe, preferences), e.g. en, fr, de."
            placeholder="en"
          />
          {manage && <Submit busy={form.busy}>Save</Submit>}
        </fieldset>
      </form>
    </section>
  );
}
