import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Catalog } from '../../shared/catalog'
import { ServiceProfile, type ServiceProfileInput } from '../../shared/profile'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox'
import type { Connection } from '../../electron/core/service/client'

export const defaultCatalog = Catalog.parse(JSON.parse(readFileSync(path.resolve('electron/core/catalog/default-catalog.json'), 'utf8')))

/** The Sandbox over real loopback HTTP, with the default catalogue and timings short enough for tests. */
export function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startSandbox({
    catalog: defaultCatalog,
    timing: { pendingMs: 60, runningMs: 150, progressSteps: 3 },
    render: { longSide: 160, fps: 6 },
    ...options,
  })
}

export function connectionTo(sandbox: Sandbox, profile: ServiceProfileInput = {}): Connection {
  return { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, profile: ServiceProfile.parse(profile) }
}
