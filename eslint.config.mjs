// ESLint (flat config): the recommended rules of ESLint and typescript-eslint, without type
// information (fast enough for every CI run), over the sources, tests, benches, scripts and the
// dashboard (with React's hooks rules). Formatting is prettier's (.prettierrc.json); `npm run
// lint` runs both, and .ci/run runs it.
//
// Two recommended rules are off, deliberately:
// - no-explicit-any: `any` stands at the dynamic edges (JSON bodies in tests, generic gRPC and
//   thread plumbing) where a type would be a cast to something unchecked anyway.
// - no-require-imports: optional SDKs (Stripe, OpenTelemetry, S3, mailparser…) are required where
//   they are used, so a process loads only what it runs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/contracts/src/generated/**', 'dashboard/src/generated/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      // A leading underscore marks what is there for its position (an Express error handler's `next`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `let x!: T` assigned once but read first in a callback (a server's handler set up before it exists).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
