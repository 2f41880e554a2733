import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import house from './eslint.house.js'

export default tseslint.config(
  // Vite and electron-vite bundle their config beside it for a moment while they build
  // (`electron.vite.config.ts.<time>-<hash>.mjs`): npm test lints while it builds.
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'artifacts/**', 'coverage/**', '*.config.ts.*.mjs', '*.config.*.timestamp-*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  ...house,
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/first-attribute-linebreak': 'off',
    },
  },
  {
    // Which of our folders the renderer may import is in eslint.house.js; this is about Node, and
    // about zod, which the page does not bundle (its initial JavaScript has a budget; types are free).
    files: ['renderer/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'The page does not bundle zod (docs/ARCHITECTURE.md, "Names without zod"): check stored values by hand, import its types only.' }],
          patterns: [{ group: ['node:*'], message: 'The renderer is a sandboxed page: it talks to the engine only through AppApi.' }],
        },
      ],
    },
  },
)
