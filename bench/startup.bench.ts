/**
 * How fast Reelbox's plain-Node shells start (issue 9 item 4), each against bare Node
 * (`node -e 0`) measured side by side in the same run, interleaved run by run so both see the
 * same machine: `reelbox --version`, `reelbox models`, and web mode from its start to the
 * printed URL (with a built renderer). Every run is a new process; medians of 15 after 2 warm-ups.
 */
import { execFile, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildNode } from '../scripts/build-node.mjs'
import { isStale, nodeSources, rendererSources, root } from '../scripts/freshness.mjs'
import { median, report } from './support/report'

const RUNS = 15
const WARMUP = 2
const run = promisify(execFile)

if (isStale('out/renderer/index.html', rendererSources)) {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stderr}${built.stdout}`)
}
if (isStale('out/cli/index.mjs', nodeSources) || isStale('out/web/index.mjs', nodeSources)) await buildNode()

const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-startup-'))
const env = { ...process.env, REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_LIBRARY_DIR: path.join(dir, 'library'), REELBOX_SECRET_STORE: 'session' }

/** Milliseconds from spawning `node …args` to its exit. */
async function exits(args: string[]): Promise<number> {
  const start = performance.now()
  await run(process.execPath, args, { cwd: root, env })
  return performance.now() - start
}

/** Milliseconds from spawning web mode to the line with its URL; then it is stopped. */
function webStarts(): Promise<number> {
  const start = performance.now()
  const child = spawn(process.execPath, ['out/web/index.mjs', '--port', '0'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let output = ''
    let took: number | undefined
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      if (took !== undefined || !/Open http/.test(output)) return
      took = performance.now() - start
      child.kill('SIGTERM')
    })
    child.once('exit', (code) => (took === undefined ? reject(new Error(`web mode exited with ${code} before printing its URL:\n${output}`)) : resolve(took)))
  })
}

const measured = { node: [] as number[], version: [] as number[], models: [] as number[], web: [] as number[] }
try {
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const round = {
      node: await exits(['-e', '0']),
      version: await exits(['bin/reelbox.mjs', '--version']),
      models: await exits(['bin/reelbox.mjs', 'models']),
      web: await webStarts(),
    }
    if (i >= WARMUP) for (const key of Object.keys(round) as Array<keyof typeof round>) measured[key].push(round[key])
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}

const node = { name: 'node -e 0', value: median(measured.node) }
report({ name: 'start: reelbox --version, to exit', value: median(measured.version), unit: 'ms', baseline: node, target: 2 })
report({ name: 'start: reelbox models, to exit', value: median(measured.models), unit: 'ms', baseline: node, target: 3 })
report({ name: 'start: web mode, to its printed URL', value: median(measured.web), unit: 'ms', baseline: node })
