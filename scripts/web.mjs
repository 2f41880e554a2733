#!/usr/bin/env node
// `npm run web [-- --port N]`: web mode from its bundle (out/web/index.mjs), after building only
// what changed since the last build: the renderer (electron-vite, half a minute) when its sources
// are newer than out/renderer, the engine bundles (half a second) when theirs are.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildNode } from './build-node.mjs'
import { isStale, nodeSources, rendererSources, root } from './freshness.mjs'

if (isStale('out/renderer/index.html', rendererSources)) {
  process.stderr.write('Building the renderer (its sources changed)…\n')
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
if (isStale('out/web/index.mjs', nodeSources)) await buildNode()
await import('../out/web/index.mjs')
