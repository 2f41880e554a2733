import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { probeVideo } from '../../../electron/core/library/probe'
import { makeMp4 } from '../library/support/mp4'

let dir: string | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('a movie read through mp4box', () => {
  it('reads a file whose index is damaged as facts unknown, and mp4box says nothing on the console', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-movie-'))
    const good = await makeMp4({ width: 64, height: 48 })
    // The sample entry inside the index claims to be far larger than the box that holds it.
    const bad = Buffer.from(good)
    const entry = bad.indexOf('avc1', bad.indexOf('stsd'), 'latin1')
    expect(entry).toBeGreaterThan(0)
    bad.writeUInt32BE(0x7fffff00, entry - 4)
    await writeFile(path.join(dir, 'good.mp4'), good)
    await writeFile(path.join(dir, 'bad.mp4'), bad)
    const consoleError = vi.spyOn(console, 'error')

    expect(await probeVideo(path.join(dir, 'good.mp4'))).toMatchObject({ width: 64, height: 48 })
    const facts = await probeVideo(path.join(dir, 'bad.mp4'))
    expect(facts).toMatchObject({ size: bad.length })
    expect(facts).not.toHaveProperty('width')
    expect(consoleError).not.toHaveBeenCalled()
  })
})
