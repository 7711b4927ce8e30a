/**
 * The identity store's account rules on real PostgreSQL: a project's suspensions are recorded with
 * the change itself (and only when the state changes), tokens are single use, the owner's
 * membership is never changed, and REQUIRE_EMAIL_VERIFICATION keeps an unverified user out.
 */
import { migrate } from '../../../../libs/db/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { eventually, expectAppError, scratchDatabase, type ScratchDatabase } from '../../../../libs/testing/src';
import { IdentityRepo } from '../../src/adapters/identity-repo';
import { Accounts } from '../../src/app/accounts';
import { Identity } from '../../src/app/identity';
import { SCHEMA } from '../../src/migrations';
import { gateway } from '../../src/service';

let scratch: ScratchDatabase;
let identity: Identity;
let repo: IdentityRepo;
const sent: Array<{ to: string; subject: string; text: string }> = [];
const mail = { send: async (m: { to: string; subject: string; text: string }) => void sent.push(m) };

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 2 });
  await migrate(scratch.db, SCHEMA, migrationsOf(gateway));
  repo = new IdentityRepo(scratch.db);
  identity = new Identity(repo);
});
afterAll(() => scratch?.drop());

it('records each disable and re-enable with its reason, newest first; enables only what was disabled for that reason; nothing when the state does not change', async () => {
  const user = await identity.signup('suspended@accounts.test', 'long-enough-1');
  const { id } = await identity.createProject(user.id, 'Suspended');
  expect(await repo.suspensions(id, 10)).toEqual([]);
  expect(await repo.disable(id, 'EMAIL_REPUTATION')).toBe(true);
  expect(await repo.disable(id, 'MANUAL')).toBe(false);
  // A paid invoice does not lift a reputation suspension.
  expect(await repo.enable(id, 'PAYMENT_FAILED')).toBe(false);
  expect(await repo.enable(id, 'EMAIL_REPUTATION')).toBe(true);
  expect(await repo.enable(id, 'EMAIL_REPUTATION')).toBe(false);
  const rows = await repo.suspensions(id, 10);
  expect(rows.map((r) => [r.action, r.reason])).toEqual([
    ['enabled', 'EMAIL_REPUTATION'],
    ['disabled', 'EMAIL_REPUTATION'],
  ]);
  expect(rows[0].at.getTime()).toBeGreaterThanOrEqual(rows[1].at.getTime());
  const project = await repo.projectForMember(id, user.id);
  expect(project).toMatchObject({ disabled: false, disabled_reason: null });
  expect(await repo.suspensions(id, 1)).toHaveLength(1);
});

it('never changes nor removes the owner, whatever the caller', async () => {
  const owner = await identity.signup('owner@accounts.test', 'long-enough-1');
  const { id } = await identity.createProject(owner.id, 'Owned');
  expect(await repo.setRole(id, owner.id, 'MEMBER')).toBe(false);
  expect(await repo.removeMember(id, owner.id)).toBe(false);
  expect(await repo.member(id, owner.id)).toMatchObject({ role: 'OWNER' });
});

it('with REQUIRE_EMAIL_VERIFICATION an unverified user cannot log in until verified', async () => {
  const accounts = new Accounts(identity, mail, { dashboardUrl: 'https://app.example', requireVerification: true });
  const user = await accounts.signup('strict@accounts.test', 'long-enough-1');
  // Signup mails its own token in the background; the one sent below replaces it, so that one must be out first.
  await eventually(async () => sent.some((m) => m.to === user.email), 10_000, 20);
  expect((await expectAppError(accounts.login('strict@accounts.test', 'long-enough-1'))).code).toBe('EMAIL_NOT_VERIFIED');
  // A wrong password is still just wrong.
  expect((await expectAppError(accounts.login('strict@accounts.test', 'wrong-password'))).code).toBe('INVALID_CREDENTIALS');
  await accounts.sendVerification(user);
  const token = /\b[0-9a-f]{64}\b/.exec(sent.filter((m) => m.to === user.email).at(-1)!.text)![0];
  await accounts.verifyEmail(token);
  expect(await accounts.login('strict@accounts.test', 'long-enough-1')).toMatchObject({ id: user.id, email_verified: true });
  expect((await expectAppError(accounts.verifyEmail(token))).code).toBe('INVALID_TOKEN');
});
