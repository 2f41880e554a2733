import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Job } from '../../../shared/job'
import { createFinishTimes } from '../../../electron/core/jobs/finish-times'
import { createLogHub } from '../../../electron/core/logger'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-finish-'))
  dirs.push(dir)
  return dir
}

const job = (over: { profileId?: string; model?: string; duration?: number } = {}): Job =>
  ({
    profileId: over.profileId ?? 'default',
    model: { id: over.model ?? 'lumen-1', family: 'lumen', version: '1', displayName: 'Lumen 1' },
    draft: { modelId: over.model ?? 'lumen-1', mode: 't2v', prompt: 'a', duration: over.duration ?? 5 },
  }) as unknown as Job

describe('finish times', () => {
  it('keeps what tasks took per connection and model in a file only this user reads, and reads it back in another engine', async () => {
    const dir = await dataDir()
    const log = createLogHub(Date.now).root
    const app = createFinishTimes(dir, log)
    await app.load()
    app.add(job(), { lo: 4000, hi: 5000 }, 1)
    app.add(job({ duration: 10 }), { lo: 9000, hi: 10_000 }, 2)
    await app.flush()
    expect((await stat(path.join(dir, 'finish-times.json'))).mode & 0o777).toBe(0o600)

    const cli = createFinishTimes(dir, log)
    await cli.load()
    expect(cli.samplesFor(job())).toEqual([{ lo: 4000, hi: 5000, at: 1 }])
    expect(cli.samplesFor(job({ duration: 10 }))).toEqual([{ lo: 9000, hi: 10_000, at: 2 }])
    // A duration never made on this model: the model's others stand in until it has its own.
    expect(cli.samplesFor(job({ duration: 8 }))).toHaveLength(2)
    // Another connection or model knows nothing of these.
    expect(cli.samplesFor(job({ profileId: 'other' }))).toEqual([])
    expect(cli.samplesFor(job({ model: 'other' }))).toEqual([])

    // Each engine's samples survive the other's writes.
    cli.add(job(), { lo: 6000, hi: 7000 }, 3)
    await cli.flush()
    app.add(job(), { lo: 5000, hi: 6000 }, 4)
    await app.flush()
    const again = createFinishTimes(dir, log)
    await again.load()
    expect(again.samplesFor(job()).map((s) => s.hi)).toEqual([5000, 7000, 6000])
  })

  it('stays small: the newest samples of each kind, the kinds used last', async () => {
    const dir = await dataDir()
    const times = createFinishTimes(dir, createLogHub(Date.now).root)
    await times.load()
    for (let i = 0; i < 50; i++) times.add(job(), { lo: i, hi: i + 1 }, i)
    for (let m = 0; m < 300; m++) times.add(job({ model: `m${m}` }), { lo: 1, hi: 2 }, 1000 + m)
    await times.flush()
    const file = JSON.parse(await readFile(path.join(dir, 'finish-times.json'), 'utf8')) as { kinds: Record<string, { samples: unknown[] }> }
    expect(Object.keys(file.kinds)).toHaveLength(200)
    expect(times.samplesFor(job({ model: 'm299' }))).toHaveLength(1)
    // The oldest kind (the first model, used before all the others) went first.
    expect(times.samplesFor(job())).toEqual([])
    for (let i = 0; i < 50; i++) times.add(job({ model: 'm299' }), { lo: i, hi: i + 1 }, 2000 + i)
    expect(times.samplesFor(job({ model: 'm299' }))).toHaveLength(12)
    await times.flush()
  })

  it('starts over from a record it cannot read, saying which file', async () => {
    const dir = await dataDir()
    await writeFile(path.join(dir, 'finish-times.json'), '{ not json')
    const hub = createLogHub(Date.now)
    const times = createFinishTimes(dir, hub.root)
    await times.load()
    expect(times.samplesFor(job())).toEqual([])
    expect(hub.recent(10).some((line) => line.level === 'warn' && line.message.includes('finish-times.json'))).toBe(true)
    times.add(job(), { lo: 1, hi: 2 }, 1)
    await times.flush()
    expect(JSON.parse(await readFile(path.join(dir, 'finish-times.json'), 'utf8'))).toMatchObject({ version: 1 })
  })
})
