import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  // The web app's layers (docs/architecture.md#web-layers), top to bottom: the route table and
  // screens/ (the routes layer, which composes features); features/ (one folder each, so any '../x'
  // from a feature file is another feature); entities/ (what every screen showing a session shares:
  // its badges, rules and lines); and the shared code (api/, auth/, components/, i18n/, lib/). A
  // layer imports only the layers below it; one feature shows another's widget through lib/widgets.
  // Tests may render the whole app, so they import routes.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)|(^|/)(features|screens)/',
              message:
                'A feature does not import another feature nor the routes layer: show its widget through lib/widgets, or move what they share to entities/, components/, lib/ or api/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/entities/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|screens)(/|$)|^\\.\\./\\.\\./(routes|router|main)$',
              message: 'entities/ imports no feature, no screen and not the route table.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{api,auth,components,i18n,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|entities|screens)(/|$)|^\\.\\./(routes|router|main)$',
              message:
                'Shared code (components/, lib/, api/, auth/, i18n/) imports no feature, no entity, no screen and not the route table.',
            },
          ],
        },
      ],
    },
  },
  // The server's layers (docs/architecture.md#layers), top to bottom: app.ts and main.ts (which
  // build the platform and list the features); the features (modules/<name>/, and auth/ for
  // signing in); platform/ (the database and its executor, errors, http, the list machinery, the
  // answer cache, audit recording, delivery, jobs, access); and the plain helpers (lib/,
  // recurrence/, reports/, i18n/). The platform imports no feature; a helper imports neither a
  // feature nor the platform, but for its errors. Tests may build the whole app.
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|auth|test)/|^(\\.\\./)+(app|main)\\.js$',
              message:
                'The platform imports no feature (modules/, auth/) and not the app: a feature hands the platform what it needs (a job it registers, a value in Platform).',
            },
          ],
        },
      ],
    },
  },
  // The occurrence domain (docs/architecture.md#the-occurrence-domain): its core
  // (modules/event-occurrences) and the features beside it (attendance, cancellation, closures,
  // make-ups, RSVP, cover records, the export) are used by other features only through each one's
  // index.ts, never by reaching into its files.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '(^|/)(event-occurrences|attendance|cancellation|closures|makeup|rsvp|occurrence-covers|occurrence-export)/(?!index\\.js$)',
              message:
                "Use what the occurrence domain's features export from their index.ts (the core's is modules/event-occurrences/index.ts), not their files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,recurrence,reports,i18n}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|auth|test)/|(^|/)platform/(?!errors\\.js$)|^(\\.\\./)+(app|main)\\.js$',
              message:
                'A helper (lib/, recurrence/, reports/, i18n/) imports no feature and nothing of the platform but its errors.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.config.ts', '.ci/**'],
    ...tseslint.configs.disableTypeChecked,
  },
);
