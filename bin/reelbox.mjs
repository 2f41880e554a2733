#!/usr/bin/env node
// The `reelbox` command: runs the bundle `npm run build` makes (out/cli/index.mjs, see
// scripts/build-node.mjs). In a source checkout it first checks that the bundle is not older than
// the sources, and refuses in one line if it is, rather than run code that no longer matches them.
import { existsSync } from 'node:fs'

const bundle = new URL('../out/cli/index.mjs', import.meta.url)
if (existsSync(new URL('../electron/cli/index.ts', import.meta.url))) {
  const { isStale, nodeSources } = await import('../scripts/freshness.mjs')
  if (isStale('out/cli/index.mjs', nodeSources)) {
    const why = existsSync(bundle) ? 'is older than its sources' : 'is not built yet'
    process.stderr.write(`reelbox: the command ${why}: run \`npm run build\` (or \`node scripts/build-node.mjs\`, half a second).\n`)
    process.exit(2)
  }
}
await import(bundle.href)
