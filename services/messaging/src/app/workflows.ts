import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import { badRequest, isUuid, isValidEmail, newId, normalizeEmail, notFound, validationError } from '../../../../libs/kit/src';
import type { BillingGate, EmailsStore, SigningKeys, TemplatesStore, Units, WorkflowEmail } from './ports';
import { checkSender, contactVars, queuedOrSuppressed, TRACKING_POLICIES, trackingOf, type Tracking } from './send';

export interface WorkflowEmailDeps {
  repo: EmailsStore & TemplatesStore & Pick<Units, 'outbox'>;
  contacts: () => Api<'contacts'>;
  signingKeys: SigningKeys;
  devMailbox: boolean;
  billing: BillingGate;
}

/** The longest idempotency key taken ("<executionId>:<stepId>" is 73 characters). */
const MAX_KEY_LENGTH = 200;

/** The execution's context: a JSON object (none is an empty one). */
function parseContext(json: string): Record<string, unknown> {
  if (!json) return {};
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    v = undefined;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw validationError([{ field: 'context', message: 'must be a JSON object', code: 'invalid_type' }]);
  }
  return v as Record<string, unknown>;
}

const skipped = (why: 'unsubscribed' | 'contact_not_found') => ({ email_id: '', existing: false, skipped: why });

/**
 * The workflows service's SEND_EMAIL steps (messaging.proto SendWorkflowEmail): one email of a
 * template to a contact — or to a custom address on the contact's behalf — rendered as /v1/send
 * renders, with the execution's context beside the contact's variables. At most one email per
 * (project, key), ever: a step run again answers the email of its first run.
 */
export function workflowHandlers(d: WorkflowEmailDeps): Pick<Handlers<'messaging'>, 'SendWorkflowEmail'> {
  return {
    async SendWorkflowEmail(req, meta) {
      const projectId = projectOf(meta);
      if (!req.key || req.key.length > MAX_KEY_LENGTH) throw badRequest(`key must be 1 to ${MAX_KEY_LENGTH} characters`);
      if (!isUuid(req.contact_id)) throw badRequest('contact_id must be a contact id');
      if (req.workflow_id && !isUuid(req.workflow_id)) throw badRequest('workflow_id must be a workflow id');
      const tracking = (req.tracking || 'ENABLED') as Tracking;
      if (!TRACKING_POLICIES.has(tracking)) throw badRequest(`tracking must be one of ${[...TRACKING_POLICIES].join(', ')}`);
      const to = req.to ? normalizeEmail(req.to) : undefined;
      if (to !== undefined && !isValidEmail(to)) throw validationError([{ field: 'to', message: 'must be a valid email address', code: 'invalid_string' }]);
      const context = parseContext(req.context_json);

      // A repeat (the step run again after a crash) answers the first run's email, whatever
      // changed since (the template edited or deleted, the contact unsubscribed).
      const known = await d.repo.emailOfKey(projectId, req.key);
      if (known) return { email_id: known, existing: true, skipped: '' };
      // A blocked category fails the step (and its execution), saying why.
      d.billing.check(projectId, 'workflows');

      const template = isUuid(req.template_id) ? await d.repo.template(projectId, req.template_id) : undefined;
      if (!template) throw notFound('Template', 'TEMPLATE_NOT_FOUND');
      if (!template.from_email) {
        throw validationError(
          [{ field: 'from', message: `the template "${template.name}" has no sender`, code: 'invalid_type' }],
          'Set a from address on the template (PATCH /templates/:id): a workflow email takes its sender from its template.',
        );
      }
      await checkSender(d, projectId, template.from_email);

      const [contact] = (await d.contacts().BatchGetContacts({ ids: [req.contact_id] }, { projectId })).contacts;
      if (!contact) return skipped('contact_not_found');
      // Marketing mail needs consent, also when it goes to another address on the contact's behalf.
      if (template.type === 'MARKETING' && !contact.subscribed) return skipped('unsubscribed');

      const email: WorkflowEmail = {
        projectId,
        id: newId(),
        key: req.key,
        workflowId: req.workflow_id || undefined,
        contactId: contact.id,
        toEmail: to ?? contact.email,
        fromEmail: template.from_email,
        fromName: template.from_name ?? undefined,
        replyTo: template.reply_to ?? undefined,
        subject: template.subject,
        body: template.body,
        templateId: template.id,
        type: template.type,
        // The contact's variables as /v1/send stores them, and the context under its own name:
        // never at the top level, where delivery lays out the contact's data (see compose).
        vars: { ...contactVars(contact, JSON.parse(contact.data_json || '{}')), context },
        ...trackingOf(tracking, template.type),
      };
      const events = queuedOrSuppressed(d.repo, projectId, 'transactional', {
        id: email.id,
        contact_id: email.contactId,
        message_id: null,
        subject: email.subject,
        from_email: email.fromEmail,
        template_id: email.templateId ?? null,
        campaign_id: null,
        source_type: 'workflow',
      });
      const r = await d.repo.insertWorkflowEmail(email, events);
      return { email_id: r.id, existing: r.existing, skipped: '' };
    },
  };
}
