/** The account mails' texts (plain text: links and tokens, nothing to track). */

export const TOKEN_TTL_MINUTES = 60;
export const INVITATION_TTL_DAYS = 7;

/** A link to one of the dashboard's pages (its routes live in the URL's hash). */
const link = (base: string, page: string, params: Record<string, string>) => `${base.replace(/\/$/, '')}/#${page}?${new URLSearchParams(params)}`;

/** A mail carrying a single-use token: the link to `path` with it, and the token itself for the API. */
function tokenMail(dashboardUrl: string, token: string, m: { subject: string; intro: string; page: string; path: string; outro: string }) {
  return {
    subject: m.subject,
    text: [m.intro, '', link(dashboardUrl, m.page, { token }), '', `Or send the token to POST ${m.path}: ${token}`, '', m.outro].join('\n'),
  };
}

export const verificationMail = (dashboardUrl: string, token: string) =>
  tokenMail(dashboardUrl, token, {
    subject: 'Verify your email address',
    intro: 'Confirm that this address is yours by opening this link (valid for one hour):',
    page: '/verify-email',
    path: '/auth/verify-email',
    outro: 'If you did not sign up, ignore this email.',
  });

export const resetMail = (dashboardUrl: string, token: string) =>
  tokenMail(dashboardUrl, token, {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of the account with this address. To choose a new one, open this link (valid for one hour, once):',
    page: '/reset-password',
    path: '/auth/reset-password',
    outro: 'If it was not you, ignore this email: your password stays as it is.',
  });

export function invitationMail(dashboardUrl: string, token: string, projectName: string, email: string) {
  return {
    subject: `You are invited to ${projectName} on Herald`,
    text: [
      `You are invited to join the project "${projectName}" on Herald (valid for ${INVITATION_TTL_DAYS} days).`,
      '',
      `Sign up with this address (${email}) to join, or, logged in, accept it here:`,
      '',
      link(dashboardUrl, '/signup', { invitation: token, email }),
      '',
      `Invitation token: ${token}`,
    ].join('\n'),
  };
}
