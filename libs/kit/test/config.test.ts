/** Unit test: settings are validated per slice, and secrets are required (and not published ones) in production. */
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { loadConfig, PUBLISHED_SECRETS, secretSetting } from '../src';

const slice = z.object({
  TOKEN: secretSetting(z.string().min(16).optional()),
  SHARED: secretSetting(z.string().optional(), { required: false }),
  KEY: secretSetting(
    z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    ),
  ),
  PLAIN: z.string().optional(),
});
const load = (env: NodeJS.ProcessEnv) => () => loadConfig(env, [slice]);
const own = { TOKEN: 'a'.repeat(32), KEY: 'b'.repeat(64) };

describe('loadConfig', () => {
  it('validates the slices it is given, naming every bad variable, and only those', () => {
    expect(load({ TOKEN: 'short', PORT: 'x' })).toThrow(/PORT: .*\n\s+TOKEN: /s);
    expect(() => loadConfig({ TOKEN: 'short' }, [])).not.toThrow();
  });

  it('outside production, a secret may be left unset (the service keeps a generated one)', () => {
    expect(load({ NODE_ENV: 'development' })).not.toThrow();
    expect(load({ NODE_ENV: 'test', TOKEN: [...PUBLISHED_SECRETS][0] })).not.toThrow();
  });

  it('in production, refuses a missing secret and names it', () => {
    expect(load({ NODE_ENV: 'production', TOKEN: own.TOKEN })).toThrow(/KEY: must be set when NODE_ENV=production/);
    expect(load({ NODE_ENV: 'production', TOKEN: own.TOKEN, KEY: '' })).toThrow(/KEY: must be set/);
    expect(load({ NODE_ENV: 'production', ...own })).not.toThrow();
  });

  it('in production, a secret only some processes need may be missing, but not published', () => {
    expect(load({ NODE_ENV: 'production', ...own })).not.toThrow();
    expect(load({ NODE_ENV: 'production', ...own, SHARED: [...PUBLISHED_SECRETS][0] })).toThrow(/SHARED: this value is published/);
  });

  it('in production, refuses every secret value Herald publishes', () => {
    for (const value of PUBLISHED_SECRETS) {
      const env = { NODE_ENV: 'production', ...own, ...(value.length === 64 ? { KEY: value } : { TOKEN: value }) };
      expect(load(env)).toThrow(/published in Herald's own files/);
    }
  });
});
