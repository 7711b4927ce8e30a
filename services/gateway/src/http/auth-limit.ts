import type { RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, isValidEmail, normalizeEmail } from '../../../../libs/kit/src';

/** Requests a client address may make to the auth-limited routes per minute. */
export const AUTH_PER_ADDRESS_PER_MINUTE = 60;
/** Failed attempts on one account (email) per window, from any address. */
export const AUTH_FAILURES_PER_ACCOUNT = 10;
export const AUTH_ACCOUNT_WINDOW_SECONDS = 15 * 60;

const tooMany = (retryAfter: number, what: string) =>
  new AppError({
    code: 'RATE_LIMIT_EXCEEDED',
    status: 429,
    message: `Too many attempts ${what}`,
    suggestion: `Wait ${retryAfter} s (Retry-After) before trying again.`,
    details: { retryAfter },
  });

const secondsOf = (r: RateLimiterRes) => Math.max(1, Math.ceil(r.msBeforeNext / 1000));

/**
 * The routes that take a password or an address to write to (login, signup, password reset):
 * every request counts against the client's address, and every refused one (a 4xx answer) against
 * the account named in the body, from wherever it comes — so one address cannot try many
 * accounts quickly, and many addresses cannot try one account. The address is the socket's
 * unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed.
 */
export function authLimit(perAddress: RateLimiterAbstract, perAccount: RateLimiterAbstract): RequestHandler {
  return (req, res, next) => {
    (async () => {
      try {
        await perAddress.consume(req.ip ?? 'unknown');
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(secondsOf(err), 'from this address');
        throw err;
      }
      const raw = (req.body as { email?: unknown } | undefined)?.email;
      const account = typeof raw === 'string' ? normalizeEmail(raw) : '';
      if (!isValidEmail(account)) return;
      const seen = await perAccount.get(account);
      if (seen && seen.consumedPoints >= AUTH_FAILURES_PER_ACCOUNT) throw tooMany(secondsOf(seen), 'for this account');
      res.on('finish', () => {
        if (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) perAccount.penalty(account, 1).catch(() => undefined);
      });
    })().then(() => next(), next);
  };
}
