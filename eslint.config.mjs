// Lint rules that catch what the type check cannot: promises nobody awaits or handles (a lost rejection is a lost
// error, and an async callback where a plain one is expected runs unobserved), and functions grown past what one
// reading holds. Formatting is Prettier's (.prettierrc.json); no rule here restates it.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'src/generated/**',
      'sdk/typescript/src/generated/**',
      'sdk/php/**',
      '.test-js/**',
      '.tmp/**',
      '.scratch/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', 'prisma.config.ts', 'scripts/*.mjs', 'sdk/*/scripts/*.mjs', 'bin/*.js'],
          // The scripts outside every tsconfig: a dozen small files, each parsed once.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 30,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-params': ['error', 5],
    },
  },
  {
    // A page of the panel is mostly markup: its template reads top to bottom, so it may run longer.
    files: ['painel/src/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test file's describe block is a list of cases, not a function to split.
    files: ['**/*.test.ts', 'test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
