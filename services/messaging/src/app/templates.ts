import { z } from 'zod';
import { conflict, isUuid, isValidEmail, newId, normalizeEmail, notFound, validationError } from '../../../../libs/kit/src';
import type { Api } from '../../../../libs/contracts/src';
import type { NullableString__Output as Nullable } from '../../../../libs/contracts/src/generated/herald/messaging/v1/NullableString';
import type { Template__Output as TemplateMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/Template';
import type { TemplateWrite__Output as TemplateWrite } from '../../../../libs/contracts/src/generated/herald/messaging/v1/TemplateWrite';
import { compileDesign, designSchema, type Design } from '../domain/design';
import { compileCheck } from '../domain/render';
import { senderNotVerified } from '../domain/send';
import type { TemplateRow, TemplatesStore } from './ports';

const email = z.string().transform(normalizeEmail).refine(isValidEmail, 'must be a valid email address');
/** A template's fields on create (POST /templates, whose reference documents it from here); `templatePatch` on update. */
export const templateFields = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).optional(),
  subject: z
    .string()
    .min(1)
    .max(998)
    .refine((s) => !/[\r\n]/.test(s), 'must not contain line breaks'),
  body: z
    .string()
    .min(1)
    .describe('The HTML body (Handlebars). Not needed with a `design`, which is compiled into it (a body sent beside a design is ignored).'),
  type: z.enum(['TRANSACTIONAL', 'MARKETING']),
  from: email.nullable().optional(),
  fromName: z.string().max(255).nullable().optional(),
  replyTo: email.nullable().optional(),
  design: designSchema.nullable().optional(),
});
/** On create, a body or a design. */
export const templateCreate = templateFields.partial({ body: true }).superRefine((t, ctx) => {
  if (t.body === undefined && !t.design) ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required (or send a design)' });
});
export const templatePatch = templateFields.partial();
export type TemplatePatch = z.infer<typeof templatePatch>;

export const templateMsg = (t: TemplateRow): TemplateMsg => ({
  id: t.id,
  name: t.name,
  description: t.description,
  subject: t.subject,
  body: t.body,
  from: t.from_email ?? '',
  from_name: t.from_name ?? '',
  reply_to: t.reply_to ?? '',
  type: t.type,
  design_json: t.design ? JSON.stringify(t.design) : '',
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});

/** A NullableString field: unset is left out (undefined), set without a value is null. */
const nullable = (n: Nullable | null) => (n ? (n.value ?? null) : undefined);

/** A write as the HTTP route validated it (templateFields on create, templatePatch on update): the fields it set. */
const fieldsOf = (w: TemplateWrite): TemplatePatch => ({
  name: w.name,
  description: w.description,
  subject: w.subject,
  body: w.body,
  type: w.type as TemplatePatch['type'],
  from: nullable(w.from),
  fromName: nullable(w.from_name),
  replyTo: nullable(w.reply_to),
  design: designOf(w.design_json),
});

/** The design a write carries (unset: left out; set without a value: dropped), parsed again here. */
function designOf(n: Nullable | null): Design | null | undefined {
  const json = nullable(n);
  if (json === undefined || json === null) return json;
  const r = designSchema.safeParse(JSON.parse(json));
  if (!r.success) {
    throw validationError(
      r.error.issues.map((i) => ({ field: ['design', ...i.path].join('.'), message: i.message, code: 'invalid_design' })),
      'Fix the design at the fields named.',
    );
  }
  return r.data;
}

/** The body a design compiles to; a design MJML refuses is a 422 on `design`. */
async function bodyOf(design: Design): Promise<string> {
  const r = await compileDesign(design);
  if (!r.ok) {
    throw validationError(
      r.issues.map((i) => ({ field: 'design', message: `does not compile to email HTML: ${i.message}`, code: 'invalid_design' })),
      'Change the blocks named, or write the body as HTML.',
    );
  }
  return r.html;
}

/** A template that does not compile is refused when written, with the line and column. */
function checkCompiles(field: 'subject' | 'body', source: string | undefined) {
  if (source === undefined) return;
  const r = compileCheck(source);
  if (!r.ok) {
    throw validationError(
      [{ field, message: `does not compile at line ${r.line}, column ${r.column}: ${r.message}`, code: 'invalid_template' }],
      `Fix the template syntax at line ${r.line}, column ${r.column}.`,
    );
  }
}

export function templatesApp(repo: TemplatesStore, domains: () => Api<'domains'>, devMailbox = false) {
  async function checkFrom(projectId: string, from: string | null | undefined) {
    if (!from) return;
    const r = await domains().CheckSender({ email: from }, { projectId });
    if (!r.verified && !devMailbox) throw senderNotVerified(from);
  }
  const get = async (projectId: string, id: string) => {
    const t = isUuid(id) ? await repo.template(projectId, id) : undefined;
    if (!t) throw notFound('Template', 'TEMPLATE_NOT_FOUND');
    return t;
  };

  return {
    get,
    checkFrom,
    async create(projectId: string, w: TemplateWrite) {
      const f = fieldsOf(w) as z.infer<typeof templateFields>;
      if (f.design) f.body = await bodyOf(f.design);
      checkCompiles('subject', f.subject);
      checkCompiles('body', f.body);
      await checkFrom(projectId, f.from);
      return repo.insertTemplate(projectId, {
        id: newId(),
        name: f.name,
        description: f.description ?? '',
        subject: f.subject,
        body: f.body,
        type: f.type,
        design: f.design ?? null,
        from_email: f.from ?? null,
        from_name: f.fromName ?? null,
        reply_to: f.replyTo ?? null,
      });
    },
    async update(projectId: string, id: string, w: TemplateWrite) {
      const current = await get(projectId, id);
      const f = fieldsOf(w);
      if (f.design) f.body = await bodyOf(f.design);
      checkCompiles('subject', f.subject);
      checkCompiles('body', f.body);
      if (f.from !== undefined) await checkFrom(projectId, f.from);
      // A design given replaces the body; a body written without one drops the design it no longer matches.
      const design = f.design !== undefined ? f.design : f.body !== undefined ? null : current.design;
      const next = {
        name: f.name ?? current.name,
        description: f.description ?? current.description,
        subject: f.subject ?? current.subject,
        body: f.body ?? current.body,
        type: f.type ?? current.type,
        design,
        from_email: f.from === undefined ? current.from_email : f.from,
        from_name: f.fromName === undefined ? current.from_name : f.fromName,
        reply_to: f.replyTo === undefined ? current.reply_to : f.replyTo,
      };
      return (await repo.updateTemplate(projectId, id, next))!;
    },
    async duplicate(projectId: string, id: string) {
      const t = await get(projectId, id);
      return repo.insertTemplate(projectId, { ...t, id: newId(), name: `${t.name} (Copy)`.slice(0, 255) });
    },
    async remove(projectId: string, id: string) {
      // A workflow step sends it by id, at every execution: refused (409) while one does. A
      // campaign copied its content when it was written, so it holds none back.
      const t = await get(projectId, id);
      const steps = await repo.templateWorkflowSteps(projectId, id);
      if (steps.length) {
        const workflows = [...new Set(steps.map((s) => `"${s.workflow_name}"`))];
        throw conflict(
          `The template "${t.name}" is used by ${steps.length === 1 ? 'a step' : `${steps.length} steps`} of the workflow${workflows.length === 1 ? '' : 's'} ${workflows.join(', ')}`,
          'Pick another template in those steps, or delete the steps or workflows, first (GET /templates/:id/usage lists them).',
        );
      }
      if (!(await repo.deleteTemplate(projectId, id))) throw notFound('Template', 'TEMPLATE_NOT_FOUND');
    },
  };
}
