import type { Answer } from '../../api-types';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import { useApi } from '../../ui/data';

/** A template as the API returns it (Plunk's shape). */
export type Template = Answer<'/templates/{id}', 'get'>;

/** GET /templates/:id/usage. */
export type TemplateUsage = Answer<'/templates/{id}/usage', 'get'>;

/** POST /templates/preview: the subject and body rendered as a send would, and what does not compile. */
export type Rendered = Answer<'/templates/preview', 'post'>;

/** A template as a picker offers it. */
export interface TemplateChoice {
  id: string;
  name: string;
}

/**
 * The templates a picker offers: the 100 most recent, plus each chosen one beyond them (read by
 * its id), so a choice always shows by its name. Undefined until the list is in.
 */
export function useTemplateChoices(chosen: readonly (string | null | undefined)[]): TemplateChoice[] | undefined {
  const page = useApi<{ data: TemplateChoice[] }>('/templates?pageSize=100');
  const [more, setMore] = useState<Record<string, TemplateChoice>>({});
  const listed = page.data?.data;
  const missing = listed ? [...new Set(chosen.filter((id): id is string => !!id && !listed.some((t) => t.id === id)))].join(',') : '';
  const wanted = missing
    .split(',')
    .filter((id) => id && !more[id])
    .join(',');
  useEffect(() => {
    for (const id of wanted ? wanted.split(',') : []) {
      api.get<Template>(`/templates/${id}`).then(
        (t) => setMore((m) => ({ ...m, [id]: { id: t.id, name: t.name } })),
        () => undefined, // deleted meanwhile: the picker shows it as not chosen
      );
    }
  }, [wanted]);
  return useMemo(() => (listed ? [...listed, ...missing.split(',').flatMap((id) => (more[id] ? [more[id]] : []))] : undefined), [listed, missing, more]);
}

/** A template's design: the email editor's blocks (compiled to the body by Herald). */
export type Design = NonNullable<Template['design']>;

/** The design a new template starts with: a greeting with a fallback, and the footer with the unsubscribe link. */
export function starterDesign(): Design {
  return {
    version: 1,
    background: '#f4f4f5',
    contentBackground: '#ffffff',
    blocks: [
      { type: 'text', id: 'start-text', html: '<p>Hi {{firstName ?? "there"}},</p><p>Write your message here.</p>' },
      { type: 'footer', id: 'start-footer', text: '', unsubscribeLabel: 'Unsubscribe' },
    ],
  };
}
