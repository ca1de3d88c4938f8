import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The layers (docs/architecture.md#layers): app → components → lib; the sandbox stands alone; a few
 * lib folders are kept to the folders below them. Each zone forbids `target` to import from
 * `from` (paths resolved from the repository root, after the `@/` alias). Only zones that hold are
 * listed: a back-edge anywhere else is named in the docs, not allowed silently by a loose zone.
 */
const LAYER_ZONES = [
  {
    target: './lib',
    from: ['./components', './app'],
    message: 'lib/ is below components/ and app/: move what lib/ needs from there into lib/ (see docs/architecture.md#layers).',
  },
  { target: './components', from: './app', message: 'components/ is below app/: routes import components, never the other way (see docs/architecture.md#layers).' },
  {
    // The entity kit (entity-route.tsx and what it shows) takes each kind's pages as an argument.
    target: './components/register',
    from: ['./components/firm', './components/individual', './components/fund', './components/markets', './components/search', './components/report'],
    message:
      "components/register is the shared register kit every record's pages stand on: a kind of record declares its pages beside its components (components/firm/firm-pages.tsx) and hands them to the kit, never the other way (see docs/architecture.md#layers).",
  },
  {
    target: './components/layout',
    from: ['./components/auth', './components/watch'],
    message:
      "components/layout holds the header's own parts: the site header that puts them beside the account and watch parts is app/site-header.tsx (see docs/architecture.md#layers).",
  },
  {
    // Pages, route handlers and components read and write through a feature's store, bound to the
    // process's database (`bulkStore.getBulkJob(id)`); the schema's types and constants stay open to them, and tests may set a scene.
    target: ['./app/**/!(*.test).{ts,tsx}', './components/**/!(*.test).{ts,tsx}'],
    from: ['./lib/db/client.ts', './lib/db/connect.ts', './lib/db/bind-store.ts', './lib/db/queries'],
    message:
      "app/ and components/ never call getDb() or lib/db/queries: read and write through the feature's store (lib/<feature>/<feature>-store.ts, e.g. bulkStore, watchStore, authStore; see docs/architecture.md#stores).",
  },
  {
    target: './sandbox',
    from: ['./lib', './components', './app', './scripts'],
    message: 'The register sandbox stands alone: it may not import the portal (see sandbox/README.md).',
  },
  {
    // Tests of a feature may run it through the composition root (its jobs in the background engine).
    target: './lib/!(server)/**/!(*.test).{ts,tsx}',
    from: './lib/server',
    message: 'lib/server is the composition root (background work, start-up checks, the HTTP server): nothing else in lib/ imports it.',
  },
  { target: './lib/format', from: './lib', except: ['./format'], message: 'lib/format is a leaf: it imports no other lib/ folder.' },
  {
    target: './lib/runtime',
    from: './lib',
    except: ['./runtime'],
    message: 'lib/runtime is a leaf (settings values, the log, the public address, private files, shutdown): it imports no other lib/ folder.',
  },
  {
    target: './lib/spreadsheet',
    from: './lib',
    except: ['./spreadsheet'],
    message: 'lib/spreadsheet is a leaf: it knows nothing of what columns mean and imports no other lib/ folder.',
  },
  { target: './lib/csv', from: './lib', except: ['./csv', './format', './register'], message: 'lib/csv writes cells: it imports only lib/format and lib/register.' },
  {
    target: './lib/register',
    from: './lib',
    except: ['./register', './format', './runtime'],
    message: 'lib/register is the platform every feature stands on: it imports only lib/format and lib/runtime, never a feature.',
  },
  {
    // Its tests may set a scene through a feature's store (the watch changes' test adds watchlists).
    target: './lib/db/**/!(*.test).{ts,tsx}',
    from: './lib',
    except: ['./db', './runtime'],
    message: 'lib/db is the engine (connection, schema, migrations, the platform tables): it imports only lib/runtime; a feature keeps its own store in its folder.',
  },
  {
    target: './lib/audit',
    from: './lib',
    except: ['./audit', './auth', './csv', './db', './runtime'],
    message: 'lib/audit is platform: it imports only lib/auth, lib/csv, lib/db and lib/runtime.',
  },
  {
    target: './lib/tokens',
    from: './lib',
    except: ['./tokens', './audit', './auth', './db', './register', './runtime'],
    message:
      'lib/tokens (the machine gate) is platform: it imports only lib/audit, lib/auth, lib/db, lib/register and lib/runtime, never the gateway, reconciliation or watch API that stand on it.',
  },
  {
    target: './lib/jobs',
    from: './lib',
    except: ['./jobs', './db', './register', './runtime'],
    message: 'lib/jobs is the queue, the worker and the engine: it imports no feature; the kinds are named in lib/server/background.ts.',
  },
  {
    target: './lib/standing',
    from: './lib',
    except: ['./standing', './register', './format'],
    message: 'lib/standing is pure rules over the register model: it imports only lib/register and lib/format.',
  },
  { target: './lib/security', from: './lib', except: ['./security', './runtime'], message: 'lib/security imports only lib/runtime (the public address).' },
];

const BLUE = '/(^|[\\s:])(bg|text|border|ring|outline|from|via|to|fill|stroke|decoration|divide|accent|caret)-(blue|indigo)-\\d/';
const BRAND_BACKGROUND = '/(^|[\\s:])bg-brand-(600|700|800)([\\s]|$)/';
const UI_KIT_RULES = [
  { selector: "JSXOpeningElement[name.name='button']", message: 'Use Button or SubmitButton from components/ui/button.tsx: the kit is the one look of a button.' },
  ...[
    [BLUE, 'The portal has one blue, the brand (app/globals.css): use the kit (components/ui/) or a brand-* colour, not Tailwind blue or indigo.'],
    [BRAND_BACKGROUND, 'A brand-blue background is a primary button built by hand: use Button variant="primary" (components/ui/button.tsx).'],
  ].flatMap(([pattern, message]) => [
    { selector: `Literal[value=${pattern}]`, message },
    { selector: `TemplateElement[value.raw=${pattern}]`, message },
  ]),
];

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
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      // No module may reach itself through its imports, however long the loop (type-only imports,
      // erased at run time, do not count). It costs about a minute of lint time on two cores.
      'import/no-cycle': ['error', { maxDepth: Infinity, ignoreExternal: true }],
    },
  },
  {
    // The UI kit (components/ui/, docs/architecture.md) is the one way to draw a button and the one
    // blue: a raw <button>, a Tailwind blue or a brand-blue background (a primary button built by
    // hand) anywhere else in app/ or components/ fails the lint, naming the kit's component.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['components/ui/**'],
    rules: {
      'no-restricted-syntax': ['error', ...UI_KIT_RULES],
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
