/** A template as the API returns it (COMPAT "Templates"). */
export interface Template {
  id: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  from: string | null;
  fromName: string | null;
  replyTo: string | null;
  type: 'TRANSACTIONAL' | 'MARKETING';
  createdAt: string;
  updatedAt: string;
}

/** GET /templates/:id/usage. */
export interface TemplateUsage {
  campaigns: { id: string; name: string }[];
  workflowSteps: { workflowId: string; stepId: string; name: string }[];
}

/** POST /templates/preview: the subject and body rendered as a send would, and what does not compile. */
export interface Rendered {
  subject: string;
  html: string;
  errors: { field: string; message: string }[];
}
