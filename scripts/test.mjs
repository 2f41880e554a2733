#!/usr/bin/env node
// `npm test`: every check, each started as soon as what it needs is done, side by side with the
// others where they share nothing (each test file has its own ports, folders and browser context).
// The end-to-end tests are the longest step, one file at a time (vitest.config.ts): they start
// as soon as the build is done, beside typecheck and lint, and the unit tests join them once
// those two are through, so the machine runs about three busy processes at a time. The e2e
// files whose assertions are about timing passed this way with `stress-ng --cpu 2` taking both
// cores. Each line a step prints is shown as it comes, after the step's name.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { root } from './freshness.mjs'

const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/** name → the command and the steps it waits for. */
const steps = {
  'system packages': { run: [process.execPath, 'scripts/check-system.mjs'], after: [] },
  typecheck: { run: [bin('vue-tsc'), '--noEmit', '-p', 'tsconfig.json'], after: ['system packages'] },
  lint: { run: [bin('eslint'), '.'], after: ['system packages'] },
  // electron-vite's bundles and the command's and web mode's: built once, before any test starts.
  build: { run: ['npm', 'run', 'build', '--silent'], after: ['system packages'] },
  'end-to-end tests': { run: [bin('vitest'), 'run', '--project', 'e2e'], after: ['build'] },
  // Two test files at once (vitest's default on two cores is one): most of the unit tests' time is
  // spent waiting on child processes, the Sandbox's tasks and Retry-After, not on the CPU.
  'unit tests': { run: [bin('vitest'), 'run', '--project', 'core', '--project', 'renderer', '--maxWorkers', '2'], after: ['build', 'typecheck', 'lint'] },
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
