import { execFile } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { spawnReelbox, reelbox } from '../support/reelbox'
import { ffprobe } from '../support/ffmpeg'
import { pollUntil } from '../support/poll'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'
import { STEPS_MS } from '../e2e/support/waits'

/**
 * `reelbox storyboard run` against the Sandbox (issue 28): a 3-shot board whose shot 2 continues
 * shot 1 gives one film of the takes; shot 2 starts on shot 1's last frame; a run with nothing
 * changed sends nothing; an edit remakes the shot and the shots that continue from it; a run
 * killed midway is finished by the next with no shot made twice.
 */
const run = promisify(execFile)
const FPS = 6
/** A limit for a stuck test, not a speed: these tests run `reelbox` up to five times. */
const FIVE_RUNS_MS = 3 * STEPS_MS
let sandbox: Sandbox
let slow: Sandbox

interface Outcome {
  shots: Array<{ index: number; itemId: string | null; path: string | null; made: boolean }>
  out: string | null
}

beforeAll(async () => {
  const render = { longSide: 320, fps: FPS }
  sandbox = await startTestSandbox({ render })
  // Seconds pending: a run killed after sending its first shots cannot have finished them.
  slow = await startTestSandbox({ render, timing: { pendingMs: 2500, runningMs: 200, progressSteps: 2 } })
})
afterAll(async () => {
  await Promise.all([sandbox?.close(), slow?.close()])
})

const board = (prompts: [string, string, string]) => ({
  title: 'Harbour at dusk',
  shots: [
    { prompt: prompts[0], model: 'lumen-1', mode: 't2v', duration: 5 },
    { prompt: prompts[1], model: 'lumen-1', mode: 'i2v', duration: 5, continues: true },
    { prompt: prompts[2], model: 'lumen-1', mode: 't2v', duration: 5 },
  ],
})

async function setUp(service: Sandbox) {
  const dir = await useTempDir('reelbox-storyboard-')
  const file = path.join(dir, 'boards', 'harbour.storyboard.json')
  await run('mkdir', ['-p', path.dirname(file)])
  const env = { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: service.apiKey }
  const flags = ['--base-url', service.baseUrl, '--library', path.join(dir, 'library')]
  const write = (prompts: [string, string, string]) => writeFile(file, JSON.stringify(board(prompts), null, 2))
  const storyboard = async (...extra: string[]): Promise<Outcome> => {
    const result = await reelbox(['storyboard', 'run', file, '--wait', '--json', ...flags, ...extra], env, STEPS_MS)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    return JSON.parse(result.stdout) as Outcome
  }
  const videos = async () => (await readdir(path.join(dir, 'library'), { recursive: true })).filter((f) => f.endsWith('.mp4'))
  return { dir, file, env, flags, write, storyboard, videos }
}

async function durationOf(file: string): Promise<number> {
  return Number((await ffprobe(file)).format.duration)
}

/** PSNR (dB) of two pictures, by ffmpeg. */
async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'])
  const found = /average:([\d.]+|inf)/.exec(stderr)
  expect(found, stderr.slice(-400)).not.toBeNull()
  return found![1] === 'inf' ? Infinity : Number(found![1])
}

describe('reelbox storyboard run', () => {
  it('makes the board in order, joins one film, and remakes only what changed', async () => {
    const { dir, write, storyboard, videos } = await setUp(sandbox)
    await write(['a wide shot of a harbour at dusk', 'the camera pushes in on a lighthouse', 'a logo on black'])
    const film = path.join(dir, 'harbour.mp4')

    const first = await storyboard('--out', film)
    expect(first.shots.map((s) => s.made)).toEqual([true, true, true])
    expect(first.out).toBe(film)
    expect(sandbox.stats().tasksCreated).toBe(3)

    // One playable film, as long as the takes together (within 3 frames).
    const takes = await Promise.all(first.shots.map((s) => durationOf(s.path!)))
    expect(Math.abs((await durationOf(film)) - takes.reduce((a, b) => a + b))).toBeLessThanOrEqual(3 / FPS)
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', film, '-f', 'null', '-'])
    expect((await ffprobe(film)).format.tags?.['com.reelbox.storyboard']).toContain('"title":"Harbour at dusk"')

    // Shot 2 opens on shot 1's last frame.
    const last = path.join(dir, 'shot1-last.png')
    const opening = path.join(dir, 'shot2-first.png')
    await run('ffmpeg', ['-v', 'error', '-sseof', '-1', '-i', first.shots[0]!.path!, '-update', '1', '-y', last])
    await run('ffmpeg', ['-v', 'error', '-i', first.shots[1]!.path!, '-frames:v', '1', '-y', opening])
    expect(await psnr(last, opening)).toBeGreaterThanOrEqual(25)

    // Nothing changed: nothing sent, no item made, the same takes.
    const made = (await videos()).length
    const again = await storyboard()
    expect(again.shots.map((s) => s.made)).toEqual([false, false, false])
    expect(again.shots.map((s) => s.itemId)).toEqual(first.shots.map((s) => s.itemId))
    expect(sandbox.stats().tasksCreated).toBe(3)
    expect((await videos()).length).toBe(made)

    // Shot 3 edited: one shot remade.
    await write(['a wide shot of a harbour at dusk', 'the camera pushes in on a lighthouse', 'a gold logo on black'])
    const third = await storyboard()
    expect(third.shots.map((s) => s.made)).toEqual([false, false, true])
    expect(sandbox.stats().tasksCreated).toBe(4)

    // Shot 1 edited: it and shot 2, which continues it, remade.
    await write(['a wide shot of a harbour at night', 'the camera pushes in on a lighthouse', 'a gold logo on black'])
    const fourth = await storyboard()
    expect(fourth.shots.map((s) => s.made)).toEqual([true, true, false])
    expect(sandbox.stats().tasksCreated).toBe(6)
    // The board stays the designer's file: the takes are the library's (its machines' change logs).
    expect(await readdir(path.join(dir, 'boards'))).toEqual(['harbour.storyboard.json'])
  }, FIVE_RUNS_MS)

  it('refuses a shot its model does not take before sending anything, naming the shot and the field', async () => {
    const { file, env, flags } = await setUp(sandbox)
    const before = sandbox.stats().tasksCreated
    const shots = board(['one', 'two', 'three']).shots
    await writeFile(file, JSON.stringify({ title: 'x', shots: [shots[0], shots[1], { ...shots[2], duration: 7 }] }))
    const refused = await reelbox(['storyboard', 'run', file, '--wait', ...flags], env)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/shot 3: duration/)
    expect(sandbox.stats().tasksCreated).toBe(before)

    await writeFile(file, JSON.stringify({ title: 'x', shots: [shots[0], { ...shots[1], mode: 't2v' }] }))
    const badContinue = await reelbox(['storyboard', 'run', file, ...flags], env)
    expect(badContinue.code).toBe(2)
    expect(badContinue.stderr).toMatch(/shot 2: continues/)

    await writeFile(file, JSON.stringify({ title: 'x', shots: [{ ...shots[0], image: 'missing.png', mode: 'i2v' }] }))
    const missing = await reelbox(['storyboard', 'run', file, ...flags], env)
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toMatch(/shot 1: image: the keyframe missing\.png is not there/)
    expect(sandbox.stats().tasksCreated).toBe(before)
  })

  it('names a take that cannot join the film and why; one resolution for the board joins it', async () => {
    const { dir, file, env, flags, storyboard } = await setUp(sandbox)
    const shots = [
      { prompt: 'a wide shot of a harbour', model: 'kestrel-v2.6', mode: 't2v', duration: 5, resolution: '1280x720' },
      { prompt: 'a tall shot of the lighthouse', model: 'kestrel-v2.6', mode: 't2v', duration: 5, resolution: '720x1280' },
    ]
    await writeFile(file, JSON.stringify({ title: 'Mixed', shots }))
    const film = path.join(dir, 'mixed.mp4')
    const refused = await reelbox(['storyboard', 'run', file, '--out', film, ...flags], env, STEPS_MS)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/shot 2 \(\S+\.mp4\) is 180×320, and shot 1 \(\S+\.mp4\) is 320×180; shots are joined/)
    expect(refused.stderr).toMatch(/reelbox storyboard resolution FILE R/)
    await expect(readFile(film)).rejects.toThrow()

    // One resolution for the board: a size a shot's model does not offer is refused naming the shots, nothing written.
    const written = await readFile(file, 'utf8')
    const notOffered = await reelbox(['storyboard', 'resolution', file, '1080p'], env)
    expect(notOffered.code).toBe(2)
    expect(notOffered.stderr).toMatch(/shot\(s\) 1, 2 does not offer 1080p/)
    expect(await readFile(file, 'utf8')).toBe(written)
    const set = await reelbox(['storyboard', 'resolution', file, '1280x720', '--json'], env)
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toEqual({ changed: [2] })
    expect((JSON.parse(await readFile(file, 'utf8')) as { shots: Array<{ resolution: string }> }).shots.map((s) => s.resolution)).toEqual(['1280x720', '1280x720'])
    const joined = await storyboard('--out', film)
    expect(joined.shots.map((s) => s.made)).toEqual([false, true])
    expect((await ffprobe(film)).streams.find((st) => st.codec_type === 'video')).toMatchObject({ width: 320, height: 180 })

    // Renamed, its takes go with it: a run of the board under its new name sends nothing.
    const renamed = await reelbox(['storyboard', 'rename', file, 'Harbour film', '--json'], env)
    expect(renamed.code, renamed.stderr).toBe(0)
    const moved = path.join(path.dirname(file), 'Harbour film.storyboard.json')
    expect(JSON.parse(renamed.stdout)).toEqual({ file: moved })
    expect(await readdir(path.dirname(file))).toEqual(['Harbour film.storyboard.json'])
    const again = await reelbox(['storyboard', 'run', moved, '--wait', '--json', ...flags], env, STEPS_MS)
    expect(again.code, again.stderr).toBe(0)
    expect((JSON.parse(again.stdout) as Outcome).shots.map((s) => s.made)).toEqual([false, false])
  }, FIVE_RUNS_MS)

  it('finishes a board whose run was SIGKILLed midway, making no shot twice', async () => {
    const { dir, file, env, flags, write, storyboard, videos } = await setUp(slow)
    // A service that answers a repeated idempotency key with the same task (the Sandbox does): a
    // shot whose submit the kill cut short is sent again under its key, not made twice.
    const profile = path.join(dir, 'profile.json')
    await writeFile(profile, JSON.stringify({ idempotency: { send: true, honoured: true } }))
    flags.push('--profile', profile)
    await write(['a wide shot of a harbour at dusk', 'the camera pushes in on a lighthouse', 'a logo on black'])
    const killed = spawnReelbox(['storyboard', 'run', file, '--wait', ...flags], env)
    // Shots 1 and 3 continue nothing: both are sent at once, and take seconds at this Sandbox.
    await pollUntil(async () => slow.stats().tasksCreated, (n) => n >= 2, { intervalMs: 20, attempts: 3000 })
    await killed.kill('SIGKILL')

    const finished = await storyboard()
    expect(finished.shots.every((s) => s.itemId)).toBe(true)
    const jobs = JSON.parse((await reelbox(['jobs', '--json', ...flags], env)).stdout) as Array<{ phase: string }>
    expect(jobs.map((j) => j.phase)).toEqual(['done', 'done', 'done'])
    expect(slow.stats().tasksCreated).toBe(3)
    expect((await videos()).length).toBe(3)
  }, FIVE_RUNS_MS)
})
