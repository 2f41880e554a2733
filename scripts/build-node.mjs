// Bundles the plain-Node shells, as electron-vite bundles main, preload and renderer:
//   out/cli/index.mjs   the `reelbox` command (bin/reelbox.mjs runs it); each command is its own
//                       chunk, loaded only when that command runs
//   out/web/index.mjs   web mode (`npm run web`); the built-in Sandbox is its own chunk
//   out/*/workers/      the engine's worker threads (electron/core/library/*.worker.ts)
// npm packages stay outside the bundles (imported from node_modules at run time), so sharp's and
// keytar's native parts load as they are; zod alone is bundled: it is pure JavaScript in about a
// hundred small modules, and resolving and reading those one by one was a third of a command's
// start. Part of `npm run build`; run alone as `node scripts/build-node.mjs` (half a second).
import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { root } from './freshness.mjs'

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const bundled = new Set(['zod'])
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.devDependencies }).filter((name) => !bundled.has(name))

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  // Chunks, so that a module imported with import() (a command, the Sandbox) and the npm packages
  // only it imports load when it runs, not at start.
  splitting: true,
  // Beside the entry, not in a folder of their own: electron/node/workers.ts finds `workers/`
  // from whichever file it was bundled into.
  chunkNames: '[name]-[hash]',
}

// The engine's worker threads, built beside each shell's bundle (electron/node/workers.ts).
const workers = { 'workers/checkpoint': 'electron/core/library/checkpoint.worker.ts', 'workers/folder-check': 'electron/core/library/folder-check.worker.ts' }

export async function buildNode() {
  await Promise.all(['out/cli', 'out/web'].map((dir) => rm(path.join(root, dir), { recursive: true, force: true })))
  await Promise.all([
    build({ ...common, entryPoints: { index: 'electron/cli/index.ts', ...workers }, outdir: 'out/cli' }),
    build({ ...common, entryPoints: { index: 'electron/web/index.ts', ...workers }, outdir: 'out/web' }),
  ])
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts', 'build-node.mjs')) await buildNode()
