import { appendFile, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogHub } from '../../../electron/core/logger'
import { appendLines, LogReader } from '../../../electron/core/studio/log-file'
import { Studio } from '../../../electron/core/studio/studio'
import { spawnTsx } from '../../support/child'
import { useTempDir } from '../../support/temp'

const log = createLogHub(() => Date.now()).root
const reader = (library: string, dataDir: string): Studio => new Studio({ library, dataDir, machine: 'reader00', log, followMs: 0 })

/**
 * A writer killed with SIGKILL at random moments, twenty times: after each kill every reader
 * reads the log, every change the writer had finished is there, and the next writer (the same
 * machine started again) appends after the torn line the kill left.
 */
describe('a writer killed mid-write', () => {
  it('loses nothing a finished change set, over 20 kill -9s at random moments', async () => {
    const dir = await useTempDir('reelbox-kill-')
    const library = path.join(dir, 'library')
    const dataDir = path.join(dir, 'data')
    const done: number[] = []
    for (let kill = 0; kill < 20; kill++) {
      const writer = spawnTsx(path.join(import.meta.dirname, 'support/writer-child.ts'), { args: [library, dataDir, 'writer00', String(kill * 100_000)] })
      await writer.waitForLine((line) => line.startsWith('SET '))
      // A random moment in the middle of its writing: after some changes, during another.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150))
      await writer.kill('SIGKILL')
      done.push(...writer.lines.filter((l) => l.startsWith('SET ')).map((l) => Number(l.slice(4))))

      const studio = reader(library, dataDir)
      await studio.ready
      const missing = done.filter((n) => studio.valueOf(`item/${n % 7}`, `tag/t${n}`) !== true)
      expect(missing, `after kill ${kill + 1}`).toEqual([])
      studio.close()
    }
    // Whole lines only, each one of ours, however many kills cut one short.
    const text = await readFile(path.join(library, '.reelbox-shared', 'changes', 'writer00.jsonl'), 'utf8')
    const whole = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n').slice(0, -1)
    for (const line of whole) expect(() => JSON.parse(line) as unknown, line.slice(0, 80)).not.toThrow()
    expect(done.length).toBeGreaterThan(20)
  }, 180_000)

  it('never takes a torn line, and the next append cuts it off', async () => {
    const dir = await useTempDir('reelbox-torn-')
    await mkdir(dir, { recursive: true })
    const file = path.join(dir, 'm.jsonl')
    const follower = new LogReader(file)
    await appendLines(file, '{"a":1}\n')
    // What a kill mid-write leaves: part of a line, no newline.
    await appendFile(file, '{"b":')
    expect(await follower.readNew()).toEqual(['{"a":1}'])
    expect(await follower.readNew()).toEqual([])
    await appendLines(file, '{"c":3}\n')
    expect(await readFile(file, 'utf8')).toBe('{"a":1}\n{"c":3}\n')
    expect(await follower.readNew()).toEqual(['{"c":3}'])
  })
})
