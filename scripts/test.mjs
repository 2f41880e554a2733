#!/usr/bin/env node
// `npm test`: every check, each started as soon as what it needs is done, side by side with the
// others where they share nothing (vitest's tests use port 0 and their own temp folders). Most
// of a test's time is spent waiting on a process, a browser or a timer, so even two cores get
// through two streams of tests faster than one. The end-to-end files still run one at a time
// (vitest.config.ts), and first in line for the CPU: the other steps run under `nice`, so they
// use the time the browser and the engine leave, rather than slow them down. Each line a step
// prints is shown as it comes, after the step's name.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { root } from './freshness.mjs'

const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/** What yields the CPU to the end-to-end tests (inherited by everything it starts). */
const yielding = (command) => ['nice', '-n', '10', ...command]

/** name → the command and the steps it waits for. */
const steps = {
  'system packages': { run: [process.execPath, 'scripts/check-system.mjs'], after: [] },
  typecheck: { run: yielding([bin('vue-tsc'), '--noEmit', '-p', 'tsconfig.json']), after: ['system packages'] },
  lint: { run: yielding([bin('eslint'), '.']), after: ['system packages'] },
  // electron-vite's bundles and the command's and web mode's: built once, before any test starts.
  build: { run: ['npm', 'run', 'build', '--silent'], after: ['system packages'] },
  'unit tests': { run: yielding([bin('vitest'), 'run', '--project', 'core', '--project', 'renderer']), after: ['build'] },
  'end-to-end tests': { run: [bin('vitest'), 'run', '--project', 'e2e'], after: ['build'] },
}

const started = Date.now()
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`
const done = new Map()
const running = new Map()

function runStep(name) {
  const [command, ...args] = steps[name].run
  const since = Date.now()
  console.log(`… ${name} (${seconds(started)} in)`)
  const width = Math.max(...Object.keys(steps).map((key) => key.length))
  const prefix = `${name.padEnd(width)} │ `
  const show = (stream) => {
    let partial = ''
    stream.setEncoding('utf8')
    stream.on('data', (text) => {
      const lines = (partial + text).split('\n')
      partial = lines.pop()
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`)
    })
    stream.on('end', () => partial && process.stdout.write(`${prefix}${partial}\n`))
  }
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    show(child.stdout)
    show(child.stderr)
    child.on('error', (error) => console.log(`${prefix}${error}`))
    child.on('close', (code) => {
      const ok = code === 0
      console.log(`${ok ? '✓' : '✗'} ${name}: ${ok ? 'passed' : `failed (exit ${code})`} in ${seconds(since)}`)
      resolve(ok)
    })
  })
}

async function main() {
  for (;;) {
    const failed = [...done].some(([, ok]) => !ok)
    const ready = failed ? [] : Object.keys(steps).filter((name) => !done.has(name) && !running.has(name) && steps[name].after.every((need) => done.get(need)))
    for (const name of ready) running.set(name, runStep(name).then((ok) => [name, ok]))
    if (running.size === 0) break
    const [name, ok] = await Promise.race(running.values())
    running.delete(name)
    done.set(name, ok)
  }
  const failed = [...done].filter(([, ok]) => !ok).map(([name]) => name)
  const skipped = Object.keys(steps).filter((name) => !done.has(name))
  console.log(`\n${failed.length ? `✗ failed: ${failed.join(', ')}${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}` : '✓ every check passed'} (${seconds(started)})`)
  process.exitCode = failed.length ? 1 : 0
}

await main()
