import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { lastFramePng } from '../../../electron/core/media/last-frame'
import { useTempDir } from '../../support/temp'

/**
 * The engine's last frame (a continuing shot's first frame, issue 28) against ffmpeg's decode of
 * the same clip: exact but for colour conversion, at full size, including sizes that are not
 * whole macroblocks (1080 rows are coded as 1088) and a GOP that restarts mid-clip.
 */
const run = promisify(execFile)

async function clip(dir: string, name: string, size: string, profile: string): Promise<string> {
  const file = path.join(dir, name)
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=12:duration=2`, '-c:v', 'libx264', '-profile:v', profile, '-pix_fmt', 'yuv420p', '-g', '9', '-y', file])
  return file
}

async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'])
  return Number(/average:([\d.]+)/.exec(stderr)![1])
}

describe('lastFramePng', () => {
  it('decodes the last frame of a Baseline clip at full size, as ffmpeg does', async () => {
    const dir = await useTempDir('reelbox-last-frame-')
    const file = await clip(dir, 'wide.mp4', '1920x1080', 'baseline')
    const frame = await lastFramePng(file, 'wide.mp4')
    expect([frame.width, frame.height]).toEqual([1920, 1080])
    expect(frame.atSeconds).toBeCloseTo(23 / 12, 2)
    const ours = path.join(dir, 'ours.png')
    const theirs = path.join(dir, 'theirs.png')
    await writeFile(ours, frame.png)
    await run('ffmpeg', ['-v', 'error', '-sseof', '-0.5', '-i', file, '-update', '1', '-y', theirs])
    // The same picture, but for the colour conversion.
    expect(await psnr(ours, theirs)).toBeGreaterThanOrEqual(35)
  })

  it('refuses another profile by name rather than guess at it', async () => {
    const dir = await useTempDir('reelbox-last-frame-')
    const file = await clip(dir, 'high.mp4', '320x180', 'high')
    await expect(lastFramePng(file, 'high.mp4')).rejects.toThrow(/high\.mp4.*profile 100/)
  })
})
