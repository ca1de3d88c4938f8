import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * ESLint 9 flat config: Next.js's own rules (core web vitals, React, hooks, jsx-a11y, import) and
 * typescript-eslint's recommended set, as eslint-config-next ships them for Next 16. Formatting is
 * not linted (no stylistic rules).
 */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // A leading underscore marks a binding that is there on purpose without being read: a field
      // taken out of an object before its rest is used, or a type parameter named only for `infer`.
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Playwright fixtures receive a callback named `use` (test.extend's API); it is not React's use().
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Kysely's documented form for migrations: a migration runs against the schema as it was at
    // that step, which the current schema type (lib/db/schema.ts) does not describe; the audit
    // chain's migration test writes at the schema of 0004, before the chain's columns existed.
    files: ['lib/db/migrations.ts', 'lib/db/queries/audit-chain.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The sandbox's contract tests read raw register JSON whose shape the assertions themselves
    // check; typing those bodies would restate the wire format the tests are there to pin down.
    files: ['sandbox/**/*.test.ts', 'sandbox/test-helpers.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  globalIgnores([
    // Build output of every dist dir next.config.mjs may use (NEXT_DIST_DIR: .next, .next-test, .next-bench, .next-<name>).
    '.next*/**',
    'node_modules/**',
    'next-env.d.ts',
    // Test run output.
    'test-results/**',
    'playwright-report/**',
    '.e2e*/**',
    '.bench*/**',
  ]),
]);
