import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayCounter } from '../../../electron/core/library/days'
import type { ShellPort } from '../../../electron/core/ports'
import { startTestCore, type TestCore } from '../../support/core'
import { makeMp4 } from './support/mp4'
import { resultFields, stage } from './support/fixtures'

const dragged: Array<{ file: string; icon?: string }> = []
const shell: ShellPort = { startDrag: async (file, icon) => void dragged.push({ file, icon }) }
let withShell: TestCore
let webLike: TestCore

async function seed(t: TestCore, times: number[]): Promise<void> {
  const mp4 = await makeMp4()
  for (const [n, finishedAt] of times.entries()) {
    const fields = resultFields({ id: `job${n}-0`, jobId: `job${n}`, prompt: n % 2 ? `city ${n}` : `fox ${n}`, finishedAt })
    await t.core.library.importResult({ ...fields, stagedFile: await stage(t.core.library.folder, mp4), poster: n === 0 ? await jpeg() : undefined })
  }
}

async function jpeg(): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp')
  return new Uint8Array(await sharp({ create: { width: 32, height: 18, channels: 3, background: '#446' } }).jpeg().toBuffer())
}

const local = (y: number, m: number, d: number, h = 12): number => new Date(y, m - 1, d, h).getTime()

beforeAll(async () => {
  withShell = await startTestCore({ shell })
  webLike = await startTestCore()
  // Three on 14 March (one just after midnight, one just before the next), one on the 15th, two on the 17th.
  await seed(withShell, [local(2025, 3, 14, 0) + 60_000, local(2025, 3, 14, 13), local(2025, 3, 15, 0) - 60_000, local(2025, 3, 15, 9), local(2025, 3, 17, 8), local(2025, 3, 17, 20)])
  await seed(webLike, [local(2025, 3, 14)])
})
afterAll(async () => {
  await withShell.dispose()
  await webLike.dispose()
})

describe('library.days: items per local day, so day headers are rows before pages load', () => {
  it('counts a query by calendar day in its order, filters included', async () => {
    expect(await withShell.core.call('library.days', {})).toEqual({
      days: [
        { day: '2025-03-17', count: 2 },
        { day: '2025-03-15', count: 1 },
        { day: '2025-03-14', count: 3 },
      ],
      total: 6,
    })
    expect(await withShell.core.call('library.days', { sort: 'oldest', search: 'fox' })).toEqual({
      days: [
        { day: '2025-03-14', count: 2 },
        { day: '2025-03-17', count: 1 },
      ],
      total: 3,
    })
    expect(await withShell.core.call('library.days', { favourite: true })).toEqual({ days: [], total: 0 })
  })

  it('splits days by the calendar, also across a daylight-saving change', () => {
    // Whatever the zone, 23- and 25-hour days end at local midnight.
    const times = [local(2025, 3, 29, 23), local(2025, 3, 30, 1), local(2025, 3, 30, 23), local(2025, 3, 31, 0) + 1, local(2025, 10, 26, 0) + 1, local(2025, 10, 26, 23)]
    const counter = dayCounter()
    for (const time of times) counter.add(time)
    expect(counter.days).toEqual([
      { day: '2025-03-29', count: 1 },
      { day: '2025-03-30', count: 2 },
      { day: '2025-03-31', count: 1 },
      { day: '2025-10-26', count: 2 },
    ])
  })
})

describe('library.startDrag: the video file out to other apps', () => {
  it('hands the real file and its poster to the shell', async () => {
    expect(await withShell.core.call('library.startDrag', { id: 'job0-0' })).toEqual({ done: true })
    expect(dragged).toHaveLength(1)
    expect(dragged[0]?.file).toMatch(new RegExp(`^${withShell.core.library.folder}/2025-03/.+_kling-v2-master_[0-9a-f]{8}\\.mp4$`))
    expect(dragged[0]?.icon).toBe(dragged[0]?.file.replace(/\.mp4$/, '.jpg'))
    expect(await withShell.core.call('library.startDrag', { id: 'job1-0' })).toEqual({ done: true })
    expect(dragged[1]?.icon).toBeUndefined()
  })

  it('says it cannot where there is no shell (web mode), and names a missing item', async () => {
    expect(await webLike.core.call('library.startDrag', { id: 'job0-0' })).toEqual({ done: false, message: expect.stringContaining('cannot drag files') })
    await expect(webLike.core.call('library.startDrag', { id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
