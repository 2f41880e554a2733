import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { InputImage } from '../../../shared/draft'
import { ffmpegPortFor } from '../../../electron/node/ffmpeg'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { resultFields, stage } from '../library/support/fixtures'

/**
 * Continue in the library when the page cannot decode the clip (HEVC in many Chromium builds):
 * `library.lastFrame` takes the item's last frame in the engine, with the ffmpeg the shell's port
 * found, into the input store; an engine without one refuses by codec, naming the item's file.
 */
const run = promisify(execFile)
let t: TestCore | undefined
afterEach(async () => {
  await t?.dispose()
  t = undefined
})

async function hevcTake(dir: string): Promise<string> {
  const file = path.join(dir, 'hevc.mp4')
  const encoder = ['-c:v', 'libx265', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error:bframes=3']
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=12:duration=2', ...encoder, '-g', '9', '-y', file])
  return file
}

async function intoLibrary(core: TestCore['core'], file: string) {
  return core.library.importResult({ ...resultFields({ id: 'hevc-0', jobId: 'hevc' }), stagedFile: await stage(core.library.folder, await readFile(file)) })
}

describe('library.lastFrame', () => {
  it('takes an HEVC item’s last frame with ffmpeg into the input store, as ffmpeg shows it', async () => {
    const dir = await useTempDir('reelbox-library-frame-')
    const clip = await hevcTake(dir)
    t = await startTestCore({ ffmpeg: ffmpegPortFor(process.env) })
    const item = await intoLibrary(t.core, clip)
    const frame = (await t.core.call('library.lastFrame', { id: item.id })) as { image: InputImage; atSeconds: number }
    expect(frame.atSeconds).toBeCloseTo(23 / 12, 3)
    expect(frame.image).toMatchObject({ width: 320, height: 180, name: `${item.fileName.replace(/\.mp4$/, '')} @ 1.92 s.png` })
    const stored = (await t.core.inputs.pathOf(frame.image.hash))!
    const reference = path.join(dir, 'reference.png')
    await run('ffmpeg', ['-v', 'error', '-i', clip, '-fps_mode', 'passthrough', '-pix_fmt', 'rgb24', '-update', '1', '-y', reference])
    const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', stored, '-i', reference, '-lavfi', 'psnr', '-f', 'null', '-'])
    expect(/average:(inf|[\d.]+)/.exec(stderr)?.[1]).toBe('inf')
  })

  it('without ffmpeg, refuses by the item’s file name and codec', async () => {
    const dir = await useTempDir('reelbox-library-frame-')
    t = await startTestCore()
    const item = await intoLibrary(t.core, await hevcTake(dir))
    const refused = await t.core.call('library.lastFrame', { id: item.id }).catch((error: unknown) => AppError.from(error))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', problem: { code: 'frame.needsFfmpeg', params: { name: item.fileName, codec: expect.stringMatching(/^HEVC Main \(h(vc|ev)1\.1\./) } } })
  })
})
