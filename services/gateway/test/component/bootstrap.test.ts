/**
 * The first start's owner and project exist only if their credentials were handed over: the
 * hand-over runs in the same transaction (real PostgreSQL).
 */
import { migrate } from '../../../../libs/db/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, type ScratchDatabase } from '../../../../libs/testing/src';
import { IdentityRepo } from '../../src/adapters/identity-repo';
import { Identity, type FirstRun } from '../../src/app/identity';
import { SCHEMA } from '../../src/migrations';
import { gateway } from '../../src/service';

let scratch: ScratchDatabase;
let identity: Identity;
beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 2 });
  await migrate(scratch.db, SCHEMA, migrationsOf(gateway));
  identity = new Identity(new IdentityRepo(scratch.db));
});
afterAll(() => scratch?.drop());

const users = async () => (await scratch.db.query('SELECT count(*)::int AS n FROM gateway.users'))[0].n;

it('creates nothing when the credentials cannot be handed over, and hands them over once when they can', async () => {
  await expect(
    identity.bootstrap('owner@first.test', undefined, () => {
      throw new Error('nowhere to write');
    }),
  ).rejects.toThrow('nowhere to write');
  expect(await users()).toBe(0);

  const handed: FirstRun[] = [];
  const first = await identity.bootstrap('owner@first.test', undefined, (b) => handed.push(b));
  expect(first).toEqual(handed[0]);
  expect(handed).toHaveLength(1);
  expect(await users()).toBe(1);
  expect(await identity.login('owner@first.test', first!.password)).toMatchObject({ email: 'owner@first.test' });

  expect(await identity.bootstrap('owner@first.test', undefined, (b) => handed.push(b))).toBeUndefined();
  expect(handed).toHaveLength(1);
});
