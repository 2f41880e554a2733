import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createCore, type Core } from '../../electron/core'
import type { CorePorts } from '../../electron/core/ports'

export interface TestCore {
  core: Core
  dir: string
  /** Disposes the engine and opens a new one on the same folders (what survives is on disk). */
  reopen(): Promise<Core>
  dispose(): Promise<void>
}

/** A real engine over real temp folders, with output validation on. */
export async function startTestCore(overrides: Partial<CorePorts> = {}): Promise<TestCore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-test-'))
  const open = (): Promise<Core> =>
    createCore({
      host: { shell: 'cli', version: '0.0.0-test', runtime: `Node ${process.versions.node}` },
      paths: { data: path.join(dir, 'data'), library: path.join(dir, 'library') },
      heartbeatMs: 0,
      validateOutputs: true,
      ...overrides,
    })
  const t: TestCore = {
    core: await open(),
    dir,
    async reopen() {
      await t.core.dispose()
      t.core = await open()
      return t.core
    },
    async dispose() {
      await t.core.dispose()
      await rm(dir, { recursive: true, force: true })
    },
  }
  return t
}
