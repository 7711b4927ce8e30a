/** The account mails' texts (plain text: links and tokens, nothing to track). */

export const TOKEN_TTL_MINUTES = 60;
export const INVITATION_TTL_DAYS = 7;

const link = (base: string, path: string, params: Record<string, string>) => `${base.replace(/\/$/, '')}${path}?${new URLSearchParams(params)}`;

export function verificationMail(dashboardUrl: string, token: string) {
  return {
    subject: 'Verify your email address',
    text: [
      'Confirm that this address is yours by opening this link (valid for one hour):',
      '',
      link(dashboardUrl, '/auth/verify-email', { token }),
      '',
      `Or send the token to POST /auth/verify-email: ${token}`,
      '',
      'If you did not sign up, ignore this email.',
    ].join('\n'),
  };
}

export function resetMail(dashboardUrl: string, token: string) {
  return {
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of the account with this address. To choose a new one, open this link (valid for one hour, once):',
      '',
      link(dashboardUrl, '/auth/reset-password', { token }),
      '',
      `Or send the token to POST /auth/reset-password: ${token}`,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function invitationMail(dashboardUrl: string, token: string, projectName: string, email: string) {
  return {
    subject: `You are invited to ${projectName} on Herald`,
    text: [
      `You are invited to join the project "${projectName}" on Herald (valid for ${INVITATION_TTL_DAYS} days).`,
      '',
      `Sign up with this address (${email}) to join, or, logged in, accept it here:`,
      '',
      link(dashboardUrl, '/auth/signup', { invitation: token, email }),
      '',
      `Invitation token: ${token}`,
    ].join('\n'),
  };
}
