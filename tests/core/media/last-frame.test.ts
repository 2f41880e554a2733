import { execFile } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createFrameReader } from '../../../electron/core/media/last-frame'
import { ffmpegPortFor } from '../../../electron/node/ffmpeg'
import { useTempDir } from '../../support/temp'

/**
 * A take's last frame (Continue, a continuing shot: issue 28) through the engine's chain of
 * decoders, against ffmpeg's own decode of every frame of the same clip, for what services return:
 * H.264 Baseline (the engine's own decoder), High with B-frames (stored out of the order they are
 * shown) and HEVC with B-frames (the system's ffmpeg, found on the PATH by the shell's port). Each
 * clip restarts its GOP mid-clip, and the Baseline one is 1080 rows, coded as 1088. testsrc2 draws
 * the frame's number on it, so a neighbouring frame is far below 40 dB.
 */
const run = promisify(execFile)
const FRAMES = 24

async function clip(dir: string, name: string, size: string, encoder: string[]): Promise<string> {
  const file = path.join(dir, name)
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=12:duration=${FRAMES / 12}`, ...encoder, '-g', '9', '-y', file])
  return file
}

/** ffmpeg's reference: every frame it shows, one PNG each; the count proves which is the last. */
async function referenceLastFrame(dir: string, file: string, shown = FRAMES): Promise<string> {
  const frames = path.join(dir, `${path.basename(file)}-frames`)
  await run('mkdir', [frames])
  await run('ffmpeg', ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', '-pix_fmt', 'rgb24', path.join(frames, '%03d.png')])
  const written = (await readdir(frames)).sort()
  expect(written).toHaveLength(shown)
  return path.join(frames, written.at(-1)!)
}

async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'])
  const average = /average:([\d.]+|inf)/.exec(stderr)![1]!
  return average === 'inf' ? Infinity : Number(average)
}

const x264 = (profile: string, ...more: string[]) => ['-c:v', 'libx264', '-profile:v', profile, '-pix_fmt', 'yuv420p', ...more]
const clips = {
  baseline: { name: 'wide.mp4', size: '1920x1080', encoder: x264('baseline') },
  high: { name: 'close-up.mp4', size: '640x360', encoder: x264('high', '-bf', '3', '-b_strategy', '0') },
  hevc: { name: 'logo.mp4', size: '640x360', encoder: ['-c:v', 'libx265', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error:bframes=3'] },
}

let dir: string
const files: Record<keyof typeof clips, string> = { baseline: '', high: '', hevc: '' }
beforeAll(async () => {
  dir = await useTempDir('reelbox-last-frame-')
  for (const [kind, { name, size, encoder }] of Object.entries(clips)) files[kind as keyof typeof clips] = await clip(dir, name, size, encoder)
})

describe('a take’s last frame', () => {
  it.each(Object.keys(clips) as Array<keyof typeof clips>)('%s: the last frame shown, at full size, as ffmpeg decodes it', async (kind) => {
    const temp = await useTempDir('reelbox-frame-temp-')
    const frames = createFrameReader({ ffmpeg: ffmpegPortFor(process.env), configured: () => null, tempRoot: temp })
    const frame = await frames.lastFrame(files[kind], clips[kind].name)
    expect(`${frame.width}x${frame.height}`).toBe(clips[kind].size)
    expect(frame.atSeconds).toBeCloseTo((FRAMES - 1) / 12, 3)
    const ours = path.join(dir, `${kind}-ours.png`)
    await writeFile(ours, frame.png)
    expect(await psnr(ours, await referenceLastFrame(dir, files[kind]))).toBeGreaterThanOrEqual(40)
    // ffmpeg's frame went through a folder of its own, removed afterwards.
    expect(await readdir(temp)).toEqual([])
  })

  it('a High clip trimmed without re-encoding: the last of the frames its edit list shows', async () => {
    // Cut from 0.5 s by packet copy: the index still lists 24 frames, ffmpeg shows 18.
    const trimmed = path.join(dir, 'trimmed.mp4')
    await run('ffmpeg', ['-v', 'error', '-ss', '0.5', '-i', files.high, '-c', 'copy', '-y', trimmed])
    const frames = createFrameReader({ ffmpeg: ffmpegPortFor(process.env), configured: () => null, tempRoot: dir })
    const frame = await frames.lastFrame(trimmed, 'trimmed.mp4')
    const ours = path.join(dir, 'trimmed-ours.png')
    await writeFile(ours, frame.png)
    expect(await psnr(ours, await referenceLastFrame(dir, trimmed, 18))).toBeGreaterThanOrEqual(40)
    expect(frame.atSeconds).toBeCloseTo(17 / 12, 3)
  })

  it('an ffmpeg that runs past its time is stopped, and the take named with the limit; its folder is removed', async () => {
    const temp = await useTempDir('reelbox-frame-temp-')
    // A millisecond: no ffmpeg starts, let alone decodes, in that time.
    const frames = createFrameReader({ ffmpeg: ffmpegPortFor(process.env), configured: () => null, tempRoot: temp, timeoutMs: 1 })
    const refused = await frames.lastFrame(files.hevc, 'logo.mp4').catch((error: unknown) => AppError.from(error))
    expect(refused).toMatchObject({ problem: { code: 'frame.ffmpegFailed', params: { name: 'logo.mp4', why: 'timeout', detail: '1' } } })
    expect(await readdir(temp)).toEqual([])
  })

  it('says which decoders there are: ffmpeg from the PATH, with its version', async () => {
    const frames = createFrameReader({ ffmpeg: ffmpegPortFor(process.env), configured: () => null, tempRoot: dir })
    const { stdout } = await run('sh', ['-c', 'command -v ffmpeg'])
    expect(await frames.decoders()).toEqual({ ffmpeg: { path: stdout.trim(), from: 'path', version: expect.stringMatching(/^\d/), problem: null } })
  })

  it('without ffmpeg, decodes Baseline still and refuses High and HEVC by name, codec and profile', async () => {
    const frames = createFrameReader({ configured: () => null, tempRoot: dir })
    expect((await frames.lastFrame(files.baseline, 'wide.mp4')).width).toBe(1920)
    for (const [kind, codec] of [['high', /^H\.264 High \(avc1\.64/], ['hevc', /^HEVC Main \(h(vc|ev)1\.1\./]] as const) {
      const refused = await frames.lastFrame(files[kind], clips[kind].name).then(
        () => undefined,
        (error: unknown) => AppError.from(error),
      )
      expect(refused?.code).toBe('INVALID_INPUT')
      expect(refused?.problem).toEqual({ code: 'frame.needsFfmpeg', params: { name: clips[kind].name, codec: expect.stringMatching(codec) } })
    }
    expect(await frames.decoders()).toEqual({ ffmpeg: null })
  })

  it('a path set in Settings that is not ffmpeg is named, with the system’s reason, and nothing else is tried', async () => {
    const frames = createFrameReader({ ffmpeg: ffmpegPortFor(process.env), configured: () => path.join(dir, 'no-ffmpeg-here'), tempRoot: dir })
    const refused = await frames.lastFrame(files.high, 'close-up.mp4').catch((error: unknown) => AppError.from(error))
    expect(refused).toMatchObject({ problem: { code: 'frame.ffmpegFailed', params: { name: 'close-up.mp4', ffmpeg: path.join(dir, 'no-ffmpeg-here'), why: 'unusable', detail: 'not found' } } })
    expect(await frames.decoders()).toMatchObject({ ffmpeg: { from: 'settings', version: null, problem: 'not found' } })
  })
})
