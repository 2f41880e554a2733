import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { STEPS_MS, WORK_MS } from './tests/e2e/support/waits'

const alias = { '@': resolve('renderer/src'), '@shared': resolve('shared') }
const setupFiles = ['tests/support/contract-names.ts']
// The `reelbox` and web-mode bundles, rebuilt once when the sources are newer.
const globalSetup = ['tests/support/build-node.ts']

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'core',
          environment: 'node',
          include: ['tests/{core,main,node,shared,sandbox,cli,web,house}/**/*.test.ts'],
          setupFiles,
          globalSetup,
          // Limits for a stuck test or set-up, not speeds: the same as the e2e project's steps.
          // A CLI test that waits out a Retry-After and a task (11 s idle) passed 20 s with three
          // test files at once beside others' work; a beforeAll that starts the Sandbox and makes
          // fixtures passed vitest's 10 s default under load.
          testTimeout: STEPS_MS,
          hookTimeout: STEPS_MS,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['tests/renderer/**/*.test.ts'],
          setupFiles: [...setupFiles, 'tests/renderer/support/idle.ts'],
          // A limit for a stuck test, not a speed: vitest's 5 s default was reached by a mount
          // under load (npm test runs them beside typecheck and lint).
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles,
          // The bundles, and one Chromium for the run: each file opens its own context in it.
          globalSetup: [...globalSetup, 'tests/e2e/support/chromium-server.ts'],
          testTimeout: STEPS_MS,
          hookTimeout: STEPS_MS,
          // A page's answer to a click or an engine event is waited for as long as one step of the
          // machine's work may take when loaded (vitest's 1 s default is a speed, not a limit).
          expect: { poll: { timeout: WORK_MS } },
          // One browser and one engine at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
