import type { Handlers } from '../../../../libs/contracts/src';
import { AppError, badRequest, isValidEmail, logger, newId } from '../../../../libs/kit/src';
import type { EmailsStore, Mailer } from './ports';

/** The project id system mail is kept under in the dev mailbox: it belongs to no project. */
export const SYSTEM_PROJECT = '00000000-0000-0000-0000-000000000000';

export interface SystemMailDeps {
  mailer: Mailer;
  repo: Pick<EmailsStore, 'saveDevMail'>;
  /** SYSTEM_FROM: `Name <address>` or an address. */
  from: string;
}

/**
 * Account mail for the edge (verification, password reset, invitations): sent at once through the
 * same mailer as every email, from SYSTEM_FROM. The address of the envelope is SYSTEM_FROM's.
 */
export function systemMailHandlers(d: SystemMailDeps): Pick<Handlers<'messaging'>, 'SendSystemEmail'> {
  const envelopeFrom = /<([^>]+)>/.exec(d.from)?.[1] ?? d.from;
  const domain = envelopeFrom.split('@')[1] ?? 'localhost';
  return {
    async SendSystemEmail(req) {
      if (!isValidEmail(req.to)) throw badRequest('A system email needs a valid recipient');
      const id = newId();
      const mail = { messageId: `<${id}@${domain}>`, from: d.from, to: req.to, subject: req.subject, text: req.text, ...(req.html ? { html: req.html } : {}) };
      try {
        const result = await d.mailer.send({ mail, envelope: { from: envelopeFrom, to: [req.to] } });
        if (result.raw !== undefined)
          await d.repo.saveDevMail(SYSTEM_PROJECT, { id: newId(), emailId: id, recipient: req.to, sender: d.from, subject: req.subject, raw: result.raw });
      } catch (err) {
        // The recipient and the subject only: the body holds a token.
        logger.warn({ err: (err as Error).message, subject: req.subject }, 'system email not sent');
        throw new AppError({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'The email could not be sent', suggestion: 'Try again in a moment.' });
      }
      return {};
    },
  };
}
