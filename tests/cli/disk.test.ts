import { mkdir, readdir, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../shared/job'
import { makeMp4 } from '../core/library/support/mp4'
import { startHostileService, type HostileService } from '../support/hostile-service'
import { reelbox as run, type ReelboxResult } from '../support/reelbox'
import { smallDisk, smallDiskUnavailable } from '../support/small-disk'
import { useTempDir } from '../support/temp'

/**
 * The issue's own probes (issue 10 items 1 and 2), as a designer's script would meet them: real
 * `reelbox` processes, a 6 MB result, and a library on a small tmpfs (full, then read-only) or on
 * a drive that is unplugged. Nothing crashes, nothing billed is lost, nothing half-written stays,
 * and `reelbox resume` finishes the job once the library can take it.
 */
const MB = 1024 * 1024
let service: HostileService
let data: string

beforeAll(async () => {
  const clip = await makeMp4({ frames: 12 })
  const pad = Buffer.alloc(6 * MB - clip.length)
  pad.writeUInt32BE(pad.length, 0)
  pad.write('free', 4, 'latin1')
  service = await startHostileService(Buffer.concat([clip, pad]))
})
afterAll(() => service.close())

const reelbox = (args: string[]): Promise<ReelboxResult> => run(args, { REELBOX_DATA_DIR: data, REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: 'sk-disk-cli' })
const flags = (library: string): string[] => ['--base-url', service.baseUrl, '--library', library]
const submits = (): number => service.requests.filter((r) => r.method === 'POST').length
const submit = (library: string, wait: boolean): Promise<ReelboxResult> => reelbox(['submit', ...flags(library), '--model', 'lumen-1', '--prompt', 'a big result', ...(wait ? ['--wait'] : []), '--json'])

/** Temp files anywhere in the data folder: writes a full disk cut short, or a killed process left. */
async function strayTemps(): Promise<string[]> {
  return (await readdir(data, { recursive: true })).filter((name) => name.endsWith('.tmp'))
}

describe.skipIf(smallDiskUnavailable !== undefined)(`reelbox on a full or read-only library${smallDiskUnavailable ? ` (${smallDiskUnavailable})` : ''}`, () => {
  it('submit --wait into a full library: says how much to free and exits; resume finishes it once there is room', async () => {
    data = path.join(await useTempDir('reelbox-cli-disk-'), 'data')
    const disk = await smallDisk(4)
    const waited = await submit(disk.dir, true)
    expect(waited.code).toBe(1)
    const job = (JSON.parse(waited.stdout) as { jobs: Job[] }).jobs[0]!
    expect(job).toMatchObject({ phase: 'paused', reason: { code: 'disk.full', params: { folder: disk.dir } } })
    expect(await readdir(path.join(disk.dir, '.reelbox', 'staging'))).toEqual([])
    expect(await strayTemps()).toEqual([])
    const stillFull = await reelbox(['resume', ...flags(disk.dir)])
    expect(stillFull.code).toBe(1)
    expect(stillFull.stdout).toMatch(new RegExp(`${job.id} paused: not enough space in ${disk.dir}: free \\d+\\.\\d MB`))
    await disk.resize(16)
    const resumed = await reelbox(['resume', ...flags(disk.dir)])
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stdout).toContain(`${job.id} done`)
    expect(submits()).toBe(1)
    expect(await strayTemps()).toEqual([])
  })

  it('a library that turns read-only: resume says so and keeps the task; once writable it finishes the job', async () => {
    data = path.join(await useTempDir('reelbox-cli-disk-'), 'data')
    const disk = await smallDisk(16)
    const before = submits()
    const left = await submit(disk.dir, false)
    const job = (JSON.parse(left.stdout) as { jobs: Job[] }).jobs[0]!
    await disk.readOnly(true)
    const refused = await reelbox(['resume', ...flags(disk.dir)])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain(`${job.id} paused: the library folder ${disk.dir} is read-only`)
    // A new job is refused before it is sent, naming the folder.
    const fresh = await submit(disk.dir, false)
    expect([fresh.code, fresh.stderr]).toEqual([1, `reelbox: the library folder ${disk.dir} is read-only\n`])
    expect(submits()).toBe(before + 1)
    await disk.readOnly(false)
    const resumed = await reelbox(['resume', ...flags(disk.dir)])
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stdout).toContain(`${job.id} done`)
  })
})

describe('reelbox with its library on a drive that is unplugged', () => {
  it('the job waits for the drive, never recreates the library elsewhere, and finishes when it is back', async () => {
    data = path.join(await useTempDir('reelbox-cli-drive-'), 'data')
    const volumes = await useTempDir('reelbox-volumes-')
    const library = path.join(volumes, 'Studio', 'Reelbox')
    // The drive is connected: Reelbox makes its folder on it.
    await mkdir(path.join(volumes, 'Studio'))
    const left = await submit(library, false)
    expect(left.code, left.stderr).toBe(0)
    const job = (JSON.parse(left.stdout) as { jobs: Job[] }).jobs[0]!
    await rename(path.join(volumes, 'Studio'), path.join(volumes, 'Studio-unplugged'))
    const waiting = await reelbox(['resume', ...flags(library)])
    expect(waiting.code).toBe(1)
    expect(waiting.stdout).toContain(`${job.id} paused: the library folder ${library} is not there (is its drive connected?)`)
    expect(await stat(path.join(volumes, 'Studio')).catch(() => 'absent')).toBe('absent')
    await rename(path.join(volumes, 'Studio-unplugged'), path.join(volumes, 'Studio'))
    const resumed = await reelbox(['resume', ...flags(library)])
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stdout).toContain(`${job.id} done`)
  })
})
