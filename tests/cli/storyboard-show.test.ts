import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { reelbox, runsMs } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'
import { STEPS_MS } from '../e2e/support/waits'

/**
 * `reelbox storyboard show` and `reelbox storyboard set`, the real command against the Sandbox: the
 * board as scripts read it (each shot's take and state: to make, made, changed, its take deleted
 * from the library, being made), one shot's fields set by its number (the rest of the file as it
 * was), and every bad flag refused naming it, the file untouched.
 */
let sandbox: Sandbox
let slow: Sandbox
beforeAll(async () => {
  const render = { longSide: 320, fps: 6 }
  sandbox = await startTestSandbox({ render })
  // Seconds pending: a run without --wait leaves its shots' jobs under way in the journal.
  slow = await startTestSandbox({ render, timing: { pendingMs: 60_000, runningMs: 200, progressSteps: 2 } })
})
afterAll(async () => {
  await Promise.all([sandbox?.close(), slow?.close()])
})

interface Shown {
  name: string
  shots: Array<{ n: number; prompt: string; mode: string; model: string; take: string | null; state: string }>
}

const shots = [
  { prompt: 'a wide shot of a harbour at dusk', model: 'lumen-1', mode: 't2v', duration: 5 },
  { prompt: 'the camera pushes in on a lighthouse', model: 'lumen-1', mode: 'i2v', duration: 5, continues: true },
  { prompt: 'a logo on black', model: 'lumen-1', mode: 't2v', duration: 5 },
]

async function setUp(service: Sandbox) {
  const dir = await useTempDir('reelbox-storyboard-show-')
  const file = path.join(dir, 'boards', 'harbour.storyboard.json')
  await mkdir(path.dirname(file), { recursive: true })
  // Written by hand, as a designer would: its keys in their own order, two spaces.
  await writeFile(file, `${JSON.stringify({ title: 'Harbour at dusk', shots }, null, 2)}\n`)
  const env = { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: service.apiKey }
  const flags = ['--base-url', service.baseUrl, '--library', path.join(dir, 'library')]
  const cli = (args: string[], extra: Record<string, string> = {}) => reelbox(['storyboard', ...args, ...flags], { ...env, ...extra }, STEPS_MS)
  const show = async (): Promise<Shown> => {
    const result = await cli(['show', file, '--json'])
    expect(result.code, result.stderr).toBe(0)
    return JSON.parse(result.stdout) as Shown
  }
  return { file, env, flags, cli, show }
}

describe('reelbox storyboard show and set', () => {
  it('shows each shot where it stands, sets one shot by its number, and shows a take deleted as missing', async () => {
    const { file, cli, show, env, flags } = await setUp(sandbox)
    expect(await show()).toEqual({
      name: 'harbour',
      shots: shots.map((shot, i) => ({ n: i + 1, prompt: shot.prompt, mode: shot.mode, model: shot.model, take: null, state: 'to-make' })),
    })
    const made = await cli(['run', file, '--wait', '--json'])
    expect(made.code, made.stderr).toBe(0)
    const takes = (JSON.parse(made.stdout) as { shots: Array<{ itemId: string }> }).shots.map((s) => s.itemId)
    const shown = await show()
    expect(shown.shots.map((s) => [s.take, s.state])).toEqual(takes.map((take) => [take, 'made']))

    // Shot 3's prompt and duration: the board as written otherwise, that shot changed and to remake.
    const set = await cli(['set', file, '--shot', '3', '--prompt', 'a gold logo on black', '--duration', '10', '--json'])
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toEqual({ n: 3, shot: { id: 's3', ...shots[2], prompt: 'a gold logo on black', duration: 10 } })
    // The file is rewritten as the merged board, by this machine (now its writer), each shot by id.
    const written = await readFile(file, 'utf8')
    expect(JSON.parse(written)).toMatchObject({ title: 'Harbour at dusk', writer: expect.any(String), shots: [shots[0], shots[1], { ...shots[2], prompt: 'a gold logo on black', duration: 10 }] })
    expect((await show()).shots.map((s) => s.state)).toEqual(['made', 'made', 'stale'])

    // Each bad flag named; the file as it was.
    const refusals: Array<[string[], RegExp]> = [
      [['set', file, '--shot', '4', '--prompt', 'x'], /^reelbox: --shot 4: harbour\.storyboard\.json has 3 shots, numbered from 1\.$/m],
      [['set', file, '--shot', '0', '--prompt', 'x'], /^reelbox: --shot 0: harbour\.storyboard\.json has 3 shots, numbered from 1\.$/m],
      [['set', file, '--shot', 'two', '--prompt', 'x'], /--shot/],
      [['set', file, '--prompt', 'x'], /needs the storyboard file and the shot/],
      [['set', file, '--shot', '2'], /nothing to set; give --prompt, --duration, --resolution or --seed/],
      [['set', file, '--shot', '3', '--duration', '7'], /shot 3: duration: .*7/],
      [['set', file, '--shot', '3', '--seed=-1'], /shot 3: seed/],
      [['set', file, '--shot', '3', '--resolution', '4K'], /shot 3: resolution: .*4K/],
      [['show', file, '--prompt', 'x'], /--prompt is not an option of reelbox storyboard show/],
      [['run', file, '--shot', '1'], /--shot is not an option of reelbox storyboard run/],
    ]
    for (const [args, said] of refusals) {
      const refused = await cli(args)
      expect(refused.code, args.join(' ')).toBe(2)
      expect(refused.stderr, args.join(' ')).toMatch(said)
    }
    expect(await readFile(file, 'utf8')).toBe(written)

    // Shot 1's take deleted: its shot is missing its take; shot 2, which continues it, is stale.
    const removed = await reelbox(['library', 'rm', takes[0]!, ...flags], env)
    expect(removed.code, removed.stderr).toBe(0)
    expect((await show()).shots.map((s) => [s.take, s.state])).toEqual([[takes[0], 'missing-take'], [takes[1], 'stale'], [takes[2], 'stale']])
    // The table names the take by its file, as this machine saw it, in the terminal's language.
    const table = await cli(['show', file], { LANG: 'zh_CN.UTF-8' })
    expect(table.code, table.stderr).toBe(0)
    const [head, first] = table.stdout.split('\n')
    expect(head).toMatch(/^镜头\s+状态\s+模型\s+模式\s+镜次\s+提示词$/)
    expect(first).toMatch(/^1\s+缺少镜次\s+lumen-1\s+t2v\s+\S+_lumen-1_\S+\.mp4\s+a wide shot of a harbour at dusk$/)
  }, runsMs(18))

  it('shows the shots whose takes are being made', async () => {
    const { file, cli, show } = await setUp(slow)
    // Without --wait the run ends once the service has shots 1 and 3; shot 2 waits for shot 1's take.
    const sent = await cli(['run', file, '--json'])
    expect(sent.code).toBe(1)
    expect(slow.stats().tasksCreated).toBe(2)
    expect((await show()).shots.map((s) => s.state)).toEqual(['making', 'to-make', 'making'])
  }, runsMs(3))
})
