import type { RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, isValidEmail, metrics, normalizeEmail } from '../../../../libs/kit/src';

/** Requests a client address may make to the auth-limited routes per minute. */
export const AUTH_PER_ADDRESS_PER_MINUTE = 60;
/** Failed attempts on one account from one address, per window. */
export const AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
/** Failed attempts on one account from any address, per window: the ceiling for an attack spread over many addresses. */
export const AUTH_FAILURES_PER_ACCOUNT = 100;
export const AUTH_FAILURE_WINDOW_SECONDS = 15 * 60;

/** The limiters the auth-limited routes count against (see `authLimit`). */
export interface AuthLimiters {
  /** Every request, by client address (AUTH_PER_ADDRESS_PER_MINUTE a minute). */
  perAddress: RateLimiterAbstract;
  /** Failed attempts, by account and address. */
  perAccountAndAddress: RateLimiterAbstract;
  /** Failed attempts, by account. */
  perAccount: RateLimiterAbstract;
}

const tooMany = (retryAfter: number, what: string) =>
  new AppError({
    code: 'RATE_LIMIT_EXCEEDED',
    status: 429,
    message: `Too many attempts ${what}`,
    suggestion: `Wait ${retryAfter} s (Retry-After) before trying again.`,
    details: { retryAfter },
  });

const secondsOf = (r: RateLimiterRes) => Math.max(1, Math.ceil(r.msBeforeNext / 1000));

/** Takes a point, or throws the 429 naming `what` when none is left. */
export async function takePoint(limiter: RateLimiterAbstract, key: string, what: string) {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) metrics.rateLimited.inc({ scope: 'auth' });
    if (err instanceof RateLimiterRes) throw tooMany(secondsOf(err), what);
    throw err;
  }
}

/**
 * The routes that take a password (login, signup; password reset when it comes). Every request
 * counts against the client's address, and a failed attempt — an answer of 401, wrong
 * credentials — against the account named in the body, per address and, with a higher
 * ceiling, from any address: one address cannot try many accounts quickly, nor one account for
 * long, and many addresses together get AUTH_FAILURES_PER_ACCOUNT tries. An account's points are
 * taken before the attempt runs (so concurrent attempts cannot all pass on one count) and given
 * back when it did not fail. Someone else's failures lock an account out of a new address only
 * at the account-wide ceiling. The address is the socket's unless TRUST_PROXY names the proxies
 * whose X-Forwarded-For is believed.
 */
export function authLimit(limiters: AuthLimiters): RequestHandler {
  const limited: RequestHandler = (req, res, next) => {
    (async () => {
      const address = req.ip ?? 'unknown';
      await takePoint(limiters.perAddress, address, 'from this address');
      const raw = (req.body as { email?: unknown } | undefined)?.email;
      const account = typeof raw === 'string' ? normalizeEmail(raw) : '';
      if (!isValidEmail(account)) return;
      const pair = `${account} ${address}`;
      await takePoint(limiters.perAccountAndAddress, pair, 'for this account from this address');
      try {
        await takePoint(limiters.perAccount, account, 'for this account');
      } catch (err) {
        await limiters.perAccountAndAddress.reward(pair, 1).catch(() => undefined);
        throw err;
      }
      // 'close' comes once the answer is sent or the client went away (then it did not fail).
      res.on('close', () => {
        if (res.statusCode === 401) return;
        limiters.perAccountAndAddress.reward(pair, 1).catch(() => undefined);
        limiters.perAccount.reward(account, 1).catch(() => undefined);
      });
    })().then(() => next(), next);
  };
  return limited;
}
