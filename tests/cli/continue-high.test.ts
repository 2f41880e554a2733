import { execFile } from 'node:child_process'
import { rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { reelbox } from '../support/reelbox'
import { ffprobe } from '../support/ffmpeg'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'
import { STEPS_MS } from '../e2e/support/waits'

/**
 * A continuing shot on a take of H.264 High with B-frames, as real services return (issue 28): the
 * engine's own decoder reads Baseline only, so `reelbox` takes its last frame with the system's
 * ffmpeg on the PATH; without one, the run refuses before sending anything, naming the take, its
 * codec and profile and what to do, in the terminal's language; a `--ffmpeg` that is not there
 * is named too. The take is the Sandbox's, re-encoded in place to High by Debian's ffmpeg.
 */
const run = promisify(execFile)
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startTestSandbox({ render: { longSide: 320, fps: 6 } })
})
afterAll(async () => {
  await sandbox?.close()
})

const wide = { prompt: 'a wide shot of a harbour at dusk', model: 'lumen-1', mode: 't2v', duration: 5 }
const pushIn = { prompt: 'the camera pushes in on a lighthouse', model: 'lumen-1', mode: 'i2v', duration: 5, continues: true }

async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'])
  const found = /average:([\d.]+|inf)/.exec(stderr)
  expect(found, stderr.slice(-400)).not.toBeNull()
  return found![1] === 'inf' ? Infinity : Number(found![1])
}

/** A limit for a stuck test, not a speed: five `reelbox storyboard run`s, one after another, each its own worst case. */
const FIVE_RUNS_MS = 5 * STEPS_MS

describe('a continuing shot on a High-profile take', () => {
  it('is made with the ffmpeg on the PATH; without one the run says what to do and sends nothing', async () => {
    const dir = await useTempDir('reelbox-continue-high-')
    const file = path.join(dir, 'harbour.storyboard.json')
    const env = { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey }
    const flags = ['--base-url', sandbox.baseUrl, '--library', path.join(dir, 'library')]
    const storyboard = (extra: Record<string, string> = {}, more: string[] = []) => reelbox(['storyboard', 'run', file, '--wait', '--json', ...flags, ...more], { ...env, ...extra }, STEPS_MS)

    await writeFile(file, JSON.stringify({ title: 'Harbour', shots: [wide] }))
    const first = await storyboard()
    expect(first.code, first.stderr).toBe(0)
    const take = (JSON.parse(first.stdout) as { shots: Array<{ path: string }> }).shots[0]!.path
    const high = path.join(dir, 'high.mp4')
    await run('ffmpeg', ['-v', 'error', '-i', take, '-map_metadata', '0', '-c:v', 'libx264', '-profile:v', 'high', '-bf', '3', '-b_strategy', '0', '-g', '12', '-pix_fmt', 'yuv420p', '-y', high])
    await rename(high, take)
    const video = (await ffprobe(take)).streams.find((stream) => stream.codec_type === 'video')
    expect(video).toMatchObject({ codec_name: 'h264', profile: 'High', has_b_frames: expect.any(Number) })
    const name = path.basename(take)
    await writeFile(file, JSON.stringify({ title: 'Harbour', shots: [wide, pushIn] }))
    const sent = sandbox.stats().tasksCreated

    // No ffmpeg on the PATH: refused, named, nothing sent.
    const nowhere = { PATH: path.join(dir, 'no-programs-here') }
    const refused = await storyboard(nowhere)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`shot 2: continues: the last frame of ${name} cannot be read here: its video is H.264 High (avc1.64`)
    expect(refused.stderr).toMatch(/install ffmpeg \(on the PATH\), or pass `--ffmpeg PATH`/)
    const chinese = await storyboard({ ...nowhere, LANG: 'zh_CN.UTF-8' })
    expect(chinese.code).toBe(2)
    expect(chinese.stderr).toContain(`此处无法读取 ${name} 的最后一帧：它的视频是 H.264 High (avc1.64`)
    expect(chinese.stderr).toContain('请安装 ffmpeg')
    // A --ffmpeg that is not there comes before the PATH's, and is named.
    const wrong = await storyboard({}, ['--ffmpeg', path.join(dir, 'bin', 'ffmpeg')])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain(`ffmpeg cannot be run from ${path.join(dir, 'bin', 'ffmpeg')} (not found)`)
    expect(sandbox.stats().tasksCreated).toBe(sent)

    // The test's own PATH has Debian's ffmpeg: shot 2 is made, opening on the take's last frame.
    const made = await storyboard()
    expect(made.code, made.stderr).toBe(0)
    const shots = (JSON.parse(made.stdout) as { shots: Array<{ path: string; made: boolean }> }).shots
    expect(shots.map((shot) => shot.made)).toEqual([false, true])
    expect(sandbox.stats().tasksCreated).toBe(sent + 1)
    const last = path.join(dir, 'take-last.png')
    const opening = path.join(dir, 'shot2-first.png')
    await run('ffmpeg', ['-v', 'error', '-sseof', '-1', '-i', take, '-update', '1', '-y', last])
    await run('ffmpeg', ['-v', 'error', '-i', shots[1]!.path, '-frames:v', '1', '-y', opening])
    expect(await psnr(last, opening)).toBeGreaterThanOrEqual(25)
  }, FIVE_RUNS_MS)
})
