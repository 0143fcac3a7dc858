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
  // The web app's layers (docs/architecture.md#web-layers). Screens sit in feature folders one level under
  // features/, so any '../x' from a feature file is another feature; what two features share moves
  // to components/ or lib/. Shared code imports no feature and not the route table (the route
  // table hands the shell its data). Tests may render the whole app, so they import routes.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)|(^|/)features/',
              message: 'A feature does not import another feature: move what they share to components/, lib/ or api/.',
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
              regex: '(^|/)features(/|$)|^\\.\\./(routes|router|main)$',
              message:
                'Shared code (components/, lib/, api/, auth/, i18n/) imports no feature and not the route table.',
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
