/**
 * The house's walls (docs/ARCHITECTURE.md, "The parts"). Each part may import itself and the
 * parts in its row of `may`, nothing else of ours: the engine and the contract stay host-free, no
 * shell reaches into another, and nothing but its own entry imports electron/main. Only the
 * desktop shell touches Electron, and the engine is told everything (no environment, no shell's
 * name). Tests, benchmarks, scripts and configs may import anything. tests/house/walls.test.ts
 * plants each kind of breach and sees this fail.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'

const root = path.dirname(fileURLToPath(import.meta.url))

export const parts = {
  shared: 'shared',
  renderer: 'renderer',
  preload: 'electron/preload',
  main: 'electron/main',
  web: 'electron/web',
  cli: 'electron/cli',
  node: 'electron/node',
  core: 'electron/core',
  sandbox: 'electron/sandbox',
}

/** What each part may import besides itself. */
export const may = {
  shared: [],
  renderer: ['shared'],
  preload: ['shared'],
  core: ['shared'],
  sandbox: ['shared'],
  node: ['core', 'sandbox', 'shared'],
  web: ['core', 'node', 'shared'],
  cli: ['core', 'node', 'sandbox', 'shared'],
  main: ['core', 'node', 'shared'],
}

const zones = Object.entries(may).map(([part, allowed]) => ({
  target: parts[part],
  from: Object.keys(parts)
    .filter((other) => other !== part && !allowed.includes(other))
    .map((other) => parts[other]),
  message: `${parts[part]} may import ${allowed.length ? allowed.map((other) => parts[other]).join(', ') : 'nothing of ours'} (docs/ARCHITECTURE.md).`,
}))

export default [
  {
    // The parts only: tests, benchmarks and scripts may import anything.
    files: ['{electron,shared,renderer}/**/*.{ts,vue}'],
    plugins: { 'import-x': importX },
    settings: {
      // Files the import graph is read from (no-cycle follows it through them). Single-file
      // components are not: import-x cannot parse their TypeScript, and no store or module
      // imports one (only components, views and the page's entry do).
      'import-x/extensions': ['.ts', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mjs', '.js'] },
      // The rule judges resolved files: every import of ours must resolve (no-unresolved below),
      // or it would pass unseen.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.vue', '.mjs', '.js', '.json'],
          alias: { '@': [path.join(root, 'renderer/src')], '@shared': [path.join(root, 'shared')] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Packages are the type checker's business; our own paths must resolve for the rule above.
      'import-x/no-unresolved': ['error', { ignore: ['^(?!\\.|@/|@shared/)'] }],
      // No module may need itself to load, through any chain of value imports (type imports are
      // erased): a circle runs one side half-initialised, in whatever order the bundler picks.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Everything but electron/main and the preload runs in plain Node (web mode, the CLI, tests).
    files: ['electron/{core,sandbox,node,cli,web}/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Plain Node: take what you need from Electron as a port (electron/core/ports.ts).' },
            { name: 'keytar', message: 'Optional and native: only electron/node/secrets/keytar-store.ts loads it, on first use.' },
            { name: 'electron-store', message: 'The engine sees settings only through the SettingsStore port.' },
          ],
        },
      ],
    },
  },
  {
    // The engine, the Sandbox and the contract are told everything through their ports and options.
    files: ['electron/{core,sandbox}/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'The shell reads the environment and passes in what it means (electron/node/host.ts).' }],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Literal[value=/^(electron|web|cli)$/]", message: 'The engine never asks which shell hosts it: give its ports a capability (HostInfo.live, ShellPort).' },
      ],
    },
  },
]
