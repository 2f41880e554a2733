import path from 'node:path'
import type { Catalog } from '../../shared/catalog'
import type { Logger } from '../core/logger'
import type { SandboxPort } from '../core/ports'
import type { Sandbox } from '../sandbox'

/** REELBOX_SANDBOX_TIMING="pendingMs,runningMs" shortens the demo lifecycle (end-to-end tests). */
function timingFrom(env: NodeJS.ProcessEnv): { pendingMs: number; runningMs: number } | undefined {
  const match = /^(\d+),(\d+)$/.exec(env['REELBOX_SANDBOX_TIMING'] ?? '')
  return match ? { pendingMs: Number(match[1]), runningMs: Number(match[2]) } : undefined
}

/**
 * Hosts the built-in Sandbox for a shell (Electron, web mode, CLI). Its state lives in the app's
 * data folder, so after a restart it comes back with the same key, tasks and (if free) port and
 * the jobs sent to it finish.
 */
export function createSandboxPort(dataDir: string, env: NodeJS.ProcessEnv): SandboxPort {
  let running: Sandbox | undefined
  return {
    async start(catalog: Catalog, log: Logger) {
      if (!running) {
        // Loaded when first started: the Sandbox brings an image library and a video encoder.
        const { startSandbox } = await import('../sandbox')
        running = await startSandbox({ catalog, stateDir: path.join(dataDir, 'sandbox'), timing: timingFrom(env), logger: log })
      }
      return { baseUrl: running.baseUrl, apiKey: running.apiKey }
    },
    async stop() {
      await running?.close()
      running = undefined
    },
  }
}
