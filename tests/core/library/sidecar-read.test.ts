import { execFileSync, spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { addedSidecarFor } from '../../../electron/core/library/entry'
import { readSidecar, readSidecarSync } from '../../../electron/core/library/sidecar'
import { useTempDir } from '../../support/temp'

/**
 * A scan reads sidecars on the engine's thread while that is fast and through the thread pool when
 * it is not (read-pace.ts): both ways must read every kind of file the same.
 */
describe('a sidecar read on the engine’s thread and through the thread pool', () => {
  it('reads the same: an item’s, one not JSON, one not ours, an empty one, one too large, one missing', async () => {
    const dir = await useTempDir('reelbox-sidecar-read-')
    const files: Record<string, string> = {
      item: JSON.stringify(addedSidecarFor('added-1', 'dusk.mp4', { size: 2048, mtimeMs: Date.UTC(2026, 0, 2), width: 64, height: 48, durationSec: 1, codec: 'avc1' })),
      notJson: '{"schemaVersion": ',
      notOurs: JSON.stringify({ notes: 'my own notes about this clip' }),
      empty: '',
      tooLarge: ' '.repeat(4 * 1024 * 1024 + 1),
    }
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, `${name}.json`), text)
    const pool: Record<string, unknown> = {}
    const here: Record<string, unknown> = {}
    for (const name of [...Object.keys(files), 'missing']) {
      const file = path.join(dir, `${name}.json`)
      pool[name] = await readSidecar(file).catch((error: NodeJS.ErrnoException) => error.code)
      try {
        here[name] = readSidecarSync(file)
      } catch (error) {
        here[name] = (error as NodeJS.ErrnoException).code
      }
    }
    expect(here).toEqual(pool)
    expect(Object.fromEntries(Object.entries(here).map(([name, read]) => [name, typeof read === 'string' ? read : (read as { parsed: { kind: string } }).parsed.kind]))).toEqual({
      item: 'added',
      notJson: 'invalid',
      notOurs: 'invalid',
      empty: 'invalid',
      tooLarge: 'invalid',
      missing: 'ENOENT',
    })
  })
})

describe('a sidecar whose size fstat does not know', () => {
  // A named pipe: fstat says 0 bytes, as a network client's stale cache may say too few; the
  // bytes come from another process. Read to the end, it is the whole sidecar, both ways.
  it.skipIf(os.platform() === 'win32')('is read to its end, on the engine’s thread and through the thread pool', async () => {
    const dir = await useTempDir('reelbox-sidecar-pipe-')
    const text = JSON.stringify(addedSidecarFor('added-2', 'dawn.mp4', { size: 4096, mtimeMs: Date.UTC(2026, 0, 3), width: 64, height: 48, durationSec: 2, codec: 'avc1' }), null, 2)
    const source = path.join(dir, 'source.json')
    await writeFile(source, text.padEnd(64 * 1024, ' '))
    const reads = { pool: (file: string) => readSidecar(file), here: async (file: string) => readSidecarSync(file) }
    for (const [way, read] of Object.entries(reads)) {
      const pipe = path.join(dir, `${way}.json`)
      execFileSync('mkfifo', [pipe])
      // Written by another process, so that a blocking open on this thread has a writer.
      const writer = spawn('sh', ['-c', 'cat "$0" > "$1"', source, pipe], { stdio: 'ignore' })
      const written = new Promise((resolve) => writer.once('exit', resolve))
      const result = await read(pipe)
      await written
      expect({ way, size: result.size, parsed: result.parsed }, way).toMatchObject({ way, size: 0, parsed: { kind: 'added', sidecar: { id: 'added-2' } } })
    }
  })
})
