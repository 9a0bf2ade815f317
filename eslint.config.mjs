// ESLint for the whole project: the recommended rules with type information (typescript-eslint), so floating
// promises, unsafe `any` and misused promises are errors; formatting is Prettier's (`npm run lint` runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'out/**', 'coverage/**', 'artifacts/**', 'demo-output/**', 'node_modules/**', 'language/generated/**', 'test/fixtures/**', '**/*.mjs', '**/*.cjs', '**/*.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Lines of code end at 120 columns (Prettier wraps them); a message or a URL is not broken to fit.
      'max-len': ['error', { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read the JSON a command prints (`JSON.parse` gives `any`) and assert on it field by field: typing every such
    // read would add casts, not safety. Floating promises and every other rule still hold there.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
