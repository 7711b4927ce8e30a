/** Email rules are shared by every service (the gateway validates logins with them too). */
export { isValidEmail, normalizeEmail } from '../../../../libs/kit/src/email';
