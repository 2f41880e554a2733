import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LibraryChanged } from '../../../../shared/contract/library'
import type { ImportRequest } from '../../../../electron/core/library/importer'
import { createLibrary, type Library, type LibraryOptions } from '../../../../electron/core/library/library'
import { stagingDir } from '../../../../electron/core/library/naming'
import { createLogHub } from '../../../../electron/core/logger'
import { systemClock } from '../../../../electron/core/ports'

/** A library over real temp folders, with its events and log lines collected. */
export interface TestLibrary {
  dir: string
  root: string
  data: string
  library: Library
  events: LibraryChanged[]
  logs: string[]
  /** Opens the same folders again (a restart). */
  reopen(options?: Partial<LibraryOptions>): Promise<TestLibrary>
  dispose(): Promise<void>
}

export function openTestLibrary(dir: string, options: Partial<LibraryOptions> = {}): TestLibrary {
  const root = options.library ?? path.join(dir, 'library')
  const data = path.join(dir, 'data')
  const events: LibraryChanged[] = []
  const logs: string[] = []
  const hub = createLogHub(() => Date.now())
  hub.addSink((line) => logs.push(`${line.level}: ${line.message}`))
  const library = createLibrary({
    library: root,
    dataDir: data,
    clock: systemClock,
    log: hub.root.scope('library'),
    emit: (change) => events.push(change),
    ...options,
  })
  const self: TestLibrary = {
    dir,
    root,
    data,
    library,
    events,
    logs,
    async reopen(more) {
      await library.dispose()
      return openTestLibrary(dir, { ...options, ...more })
    },
    async dispose() {
      await library.dispose()
    },
  }
  return self
}

/**
 * A library in a new temp folder; `cleanup()` closes it and removes the folder. (Not useTempDir:
 * this module is also loaded by the crash tests' child processes, outside vitest.)
 */
export async function newTestLibrary(options: Partial<LibraryOptions> = {}): Promise<TestLibrary & { cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-lib-'))
  const t = openTestLibrary(dir, options)
  return Object.assign(t, {
    async cleanup() {
      await t.dispose().catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  })
}

let counter = 0

/** A downloaded result waiting in staging, as the downloader leaves it. */
export async function stage(root: string, bytes: Uint8Array, name = `result-${process.pid}-${++counter}.mp4`): Promise<string> {
  const dir = stagingDir(root)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, name)
  await writeFile(file, bytes)
  return file
}

/** Sidecar fields as the job downloader passes them (everything but the staged file). */
export function resultFields(overrides: Partial<Omit<ImportRequest, 'stagedFile'>> = {}): Omit<ImportRequest, 'stagedFile'> {
  const prompt = overrides.prompt ?? 'A red fox running through fresh snow at dawn'
  const modelId = overrides.model?.id ?? 'kling-v2-master'
  return {
    id: 'job01-0',
    prompt,
    model: { id: modelId, family: 'kling', version: '2.0' },
    mode: 't2v',
    params: { model: modelId, prompt, duration: 5 },
    draft: { modelId, mode: 't2v', prompt, duration: 5 },
    inputs: [],
    service: { baseUrl: 'http://127.0.0.1:9/sandbox', taskId: 'task-1', requestId: 'req-1', sandbox: true },
    jobId: 'job01',
    submittedAt: Date.UTC(2025, 2, 14, 9, 28),
    finishedAt: Date.UTC(2025, 2, 14, 9, 30),
    ...overrides,
  }
}
