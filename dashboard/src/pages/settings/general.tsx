import { useState } from 'react';
import { api, type Project } from '../../api';
import { canManage, useProject, useSession } from '../../session';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { ReadOnlyNote } from './shared';

const TRACKING: { value: Project['tracking']; label: string }[] = [
  { value: 'ENABLED', label: 'Enabled: opens and clicks of every email' },
  { value: 'MARKETING_ONLY', label: 'Marketing only: campaigns and workflows, not transactional mail' },
  { value: 'DISABLED', label: 'Disabled: no open pixel, links left as written' },
];

/** The project's name, open and click tracking, and the language of its pages (unsubscribe, preferences). */
export function General() {
  const project = useProject();
  const { updateProject, config } = useSession();
  const manage = canManage(project);
  const trackingEditable = config?.features.email.trackingToggleEnabled !== false;
  const form = useForm({ name: project.name, tracking: project.tracking, language: project.language ?? '' });
  const [saved, setSaved] = useState(false);
  return (
    <section className="card settings-form">
      <h2>General</h2>
      {!manage && <ReadOnlyNote />}
      <form
        noValidate
        onSubmit={form.submit(async (v) => {
          setSaved(false);
          const body: Record<string, string> = { name: v.name };
          if (trackingEditable) body.tracking = v.tracking;
          // The API takes a language (2–10 characters) but no way back to none: an empty field leaves it as it is.
          if (v.language.trim()) body.language = v.language.trim();
          const p = await api.patch<Project>(`/users/@me/projects/${project.id}`, body);
          updateProject(p);
          form.setValues({ name: p.name, tracking: p.tracking, language: p.language ?? '' });
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
