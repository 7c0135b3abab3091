import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules', 'build', 'data', '.react-router', 'coverage', 'db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // core/ is pure and shared: it must not reach into the app, the database, Node or the network.
    files: ['core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'child_process', 'crypto', 'os', 'url'],
              message: 'core/ is pure: no Node APIs.',
            },
            {
              group: [
                '../app/*',
                '../db/*',
                '../worker/*',
                '../connectors/*',
                '../cli/*',
                '../viewer/*',
                '**/app/**',
                '**/db/**',
                '**/worker/**',
                '**/connectors/**',
              ],
              message: 'core/ imports nothing from the other folders.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
