import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The TypeScript files that belong to a tsconfig project: they get the rules that need types. */
const TYPED_FILES = [
  'packages/contract/src/**/*.ts',
  'apps/server/src/**/*.ts',
  'apps/server/test/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
  'bench/statistics/**/*.ts',
];

/**
 * The server's layers (docs/architecture.md, "Rules of dependency"). Files outside them (tests,
 * scripts) may import anything; production code may not import tests.
 */
const SERVER = 'apps/server/src';
const serverElements = [
  { type: 'feature', pattern: `${SERVER}/features/*`, capture: ['name'] },
  { type: 'game', pattern: `${SERVER}/game` },
  { type: 'db', pattern: `${SERVER}/db` },
  { type: 'infra', pattern: `${SERVER}/infra` },
  { type: 'server-test', pattern: 'apps/server/test' },
];
/**
 * The files directly in src/: the composition root (app.ts, main.ts, the migration registry, the
 * settings schema that gathers the features' keys), and the environment and paths, which every
 * layer may read.
 */
const serverFiles = [
  { category: 'config', pattern: `${SERVER}/{config,paths}.ts` },
  { category: 'root', pattern: `${SERVER}/*.{ts,json}` },
  // Each feature's site tables (their types beside its migrations), which db/tables.ts gathers.
  { category: 'tables', pattern: `${SERVER}/features/*/tables.ts` },
];

/**
 * The one feature-to-feature arrows there are, each a service the domain needs (never another
 * feature's routes). A new one is a design change: add it here and in docs/architecture.md.
 */
const FEATURE_EXCEPTIONS = {
  donations: ['rewards'], // a donation grants its reward
  votes: ['rewards', 'statistics'], // a verified vote grants its reward; the top voters' ranking source
  mail: ['accounts'], // the GM form checks the GM's credentials
  'facebook-streams': ['streams'], // a registered Facebook stream is shown among the live streams
  metadata: ['facebook-streams', 'donations', 'votes', 'realms'], // the shell's Facebook login link, PayPal form, rewarded vote sites, the realms' facts
  referral: ['accounts', 'rewards', 'statistics'], // new accounts, rewards, the ranking's source
  sessions: ['accounts'], // signing in checks the password, lockout and counters as the account tools do
  console: ['sessions', 'accounts', 'rewards', 'mail', 'donations', 'votes'], // the session, second factor and lockout; the staff-privacy rules; the dashboard's figures, each asked of the feature that owns them
};

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const toFiles = (category) => ({ to: { file: { categories: category } } });
const serverPolicies = [
  { from: { file: { categories: 'root' } }, allow: [to('feature', 'game', 'db', 'infra'), toFiles('root')] },
  {
    from: { element: { type: 'feature' } },
    // A feature reads the settings' types, never the composition root's code.
    allow: [to('game', 'db', 'infra'), toFiles('config'), { ...toFiles('root'), dependency: { kind: 'type' } }],
  },
  {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', captured: { name: '{{ from.element.captured.name }}' } } } },
  },
  ...Object.entries(FEATURE_EXCEPTIONS).map(([from, others]) => ({
    from: { element: { type: 'feature', captured: { name: from } } },
    allow: { to: { element: { type: 'feature', captured: { name: others } } } },
  })),
  { from: { element: { type: 'game' } }, allow: to('db', 'infra') },
  // db uses infra's ServiceUnavailableError; infra knows db only by its table types.
  { from: { element: { type: 'db' } }, allow: [to('infra'), { ...toFiles('tables'), dependency: { kind: 'type' } }] },
  { from: { element: { type: 'infra' } }, allow: [toFiles('config'), { ...to('db'), dependency: { kind: 'type' } }] },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Rules that catch real bugs with the help of the type checker.
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The page's rules of dependency (docs/architecture.md): main → app → features → shared.
    // A feature imports only itself and the shared folders, never app/ nor another feature, save the
    // console's building blocks (for its console section) and the console page, which shows the
    // features' console sections; only tests import the test support.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': [
        { type: 'web-app', partialMatch: false, pattern: 'apps/web/src/app/**' },
        { type: 'web-feature', partialMatch: false, pattern: 'apps/web/src/features/*/**', capture: ['feature'] },
        { type: 'web-shared', partialMatch: false, pattern: 'apps/web/src/{shared,components,api,i18n,styles}/**' },
        { type: 'web-test-support', partialMatch: false, pattern: 'apps/web/src/test-support/**' },
      ],
      // Elements are folders; the entry file and the tests are told apart by file.
      'boundaries/files': [
        { category: 'entry', pattern: 'apps/web/src/{main,entry-server}.tsx' },
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        // The console's sections live in the features whose data they show (docs/architecture.md,
        // "A console section"): each is built of the console's blocks, and the console page shows them.
        { category: 'console-page', pattern: 'apps/web/src/features/console/console-page.tsx' },
        { category: 'console-section', pattern: 'apps/web/src/features/*/console-section.tsx' },
        {
          category: 'console-block',
          pattern:
            'apps/web/src/features/console/{console-call,console-table,note-action,console-forms,console-models,address-filter,download-csv}.{ts,tsx}',
        },
      ],
    },
    rules: {
      // A new folder must be given its place in the elements above before it can be used.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { file: { categories: 'entry' } },
              allow: { to: { element: { types: ['web-app', 'web-shared'] } } },
            },
            {
              from: { element: { type: 'web-app' } },
              allow: { to: { element: { types: ['web-app', 'web-feature', 'web-shared'] } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            { from: { element: { type: 'web-feature' } }, allow: { to: { element: { type: 'web-shared' } } } },
            { from: { element: { type: 'web-feature' } }, allow: { to: { file: { categories: 'console-block' } } } },
            {
              from: { file: { categories: 'console-page' } },
              allow: { to: { file: { categories: 'console-section' } } },
            },
            { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: 'web-shared' } } } },
            { from: { element: { type: 'web-test-support' } }, allow: { to: { element: { type: 'web-shared' } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'web-test-support' } } } },
          ],
        },
      ],
    },
  },
  {
    // The page fetches its texts by language (i18n/i18n.ts); an import would bundle every language.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test-support/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@gatekeeper/texts', '@gatekeeper/texts/*'], message: 'Fetch texts through i18next.' }],
        },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': serverElements,
      'boundaries/files': serverFiles,
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkUnknownLocals: true, policies: serverPolicies }],
    },
  },
  {
    // Where one feature uses another (FEATURE_EXCEPTIONS), it uses a service, never its routes.
    files: [`${SERVER}/features/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/routes', '../*/routes.ts', '**/features/*/routes', '**/features/*/routes.ts'],
              message: "A feature never imports another feature's routes: app.ts wires what it needs.",
            },
          ],
        },
      ],
    },
  },
);
