import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modes, type Mode } from '../../shared/catalog'
import { defaultDuration, defaultResolution } from '../../shared/rules/fields'
import { sidecarOf } from '../../electron/core/library/naming'
import type { Sandbox } from '../../electron/sandbox'
import { png as solidPng, submit } from '../sandbox/support'
import { probeMp4File } from '../support/mp4'
import { reelbox as run, spawnReelbox, type ReelboxResult } from '../support/reelbox'
import { defaultCatalog, startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'

/**
 * The `reelbox` command as a script would run it: a real process, real folders, the Sandbox over
 * loopback. Every mode of every default model goes through `submit --wait` to a playable MP4.
 */
let sandbox: Sandbox
let dir: string
let png: string
let png2: string

const reelbox = (args: string[], env: Record<string, string> = {}): Promise<ReelboxResult> =>
  run(args, { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey, ...env })

const common = (): string[] => ['--base-url', sandbox.baseUrl, '--library', path.join(dir, 'library')]

beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 50, runningMs: 100, progressSteps: 2 } })
  dir = await useTempDir('reelbox-cli-')
  png = path.join(dir, 'first.png')
  png2 = path.join(dir, 'last.png')
  await writeFile(png, await solidPng(1280, 720, '#3a6ea5'))
  await writeFile(png2, await solidPng(1280, 720, '#f5a524'))
})
afterAll(() => sandbox.close())

function flagsFor(mode: Mode, refs: number): string[] {
  if (mode === 'i2v') return ['--image', png]
  if (mode === 'first-last') return ['--first', png, '--last', png2]
  if (mode === 'reference') return ['--image', png, ...Array.from({ length: refs }, (_, i) => ['--ref', i % 2 ? png2 : png]).flat()]
  return []
}

describe('reelbox', () => {
  it('lists the models, saying the IDs are placeholders', async () => {
    const result = await reelbox(['models'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/kestrel-v2\.7 +Kestrel 2\.x +2\.7 +t2v i2v first-last/)
    expect(result.stderr).toMatch(/placeholders/)
    const json = JSON.parse((await reelbox(['models', '--json'])).stdout) as { models: unknown[] }
    expect(json.models).toHaveLength(defaultCatalog.models.length)
  })

  it('runs every mode of every default model to a playable MP4 in the library', async () => {
    const cases = defaultCatalog.models.flatMap((model) => modes.filter((mode) => model.modes[mode]).map((mode) => ({ model, mode })))
    const outcomes: string[] = []
    // Four at a time: each is its own engine process, as four scripts would be.
    for (let i = 0; i < cases.length; i += 4) {
      await Promise.all(
        cases.slice(i, i + 4).map(async ({ model, mode }) => {
          const spec = model.modes[mode]!
          const needsImage = spec.fields['image'] === 'required'
          const flags = mode === 'reference' ? flagsFor(mode, spec.characterImages?.min ?? 1).filter((_, n, all) => needsImage || !(all[n] === '--image' || all[n - 1] === '--image')) : flagsFor(mode, 0)
          const prompt = spec.fields['prompt'] ? ['--prompt', `a ${mode} test for ${model.id}`] : []
          const result = await reelbox(['submit', ...common(), '--model', model.id, '--mode', mode, ...prompt, ...flags, '--wait', '--json'])
          expect(result.code, `${model.id} ${mode}: ${result.stderr}`).toBe(0)
          const out = JSON.parse(result.stdout) as { jobs: Array<{ phase: string }>; items: Array<{ path: string; mode: string; modelId: string }> }
          expect(out.jobs[0]!.phase).toBe('done')
          expect(out.items[0]).toMatchObject({ modelId: model.id, mode })
          expect((await probeMp4File(out.items[0]!.path)).seconds).toBeGreaterThan(1)
          // No --duration, no --resolution: the model's defaults, as the Create form would send them.
          const sent = (JSON.parse(await readFile(sidecarOf(out.items[0]!.path), 'utf8')) as { params: Record<string, unknown> }).params
          expect([sent['duration'], sent['resolution']], `${model.id} ${mode}`).toEqual([defaultDuration(spec), defaultResolution(spec)])
          outcomes.push(`${model.id} ${mode}`)
        }),
      )
    }
    expect(outcomes).toHaveLength(cases.length)
  }, 240_000)

  it('runs a Sandbox, printing where it is and its key', async () => {
    const running = spawnReelbox(['sandbox', '--port', '0'], { REELBOX_DATA_DIR: path.join(dir, 'data') })
    try {
      await running.waitForLine((line) => line.startsWith('Try: '))
      const baseUrl = /^Reelbox Sandbox running at (http:\/\/127\.0\.0\.1:\d+)$/.exec(running.lines[0] ?? '')?.[1]
      const apiKey = /^API key: (sk-sandbox-\S+)$/.exec(running.lines[1] ?? '')?.[1]
      expect([baseUrl, apiKey], running.lines.join('\n')).toEqual([expect.any(String), expect.any(String)])
      expect((await submit({ baseUrl: baseUrl!, apiKey: apiKey! }, { model: 'lumen-1', _action: 't2v', prompt: 'from the CLI' })).json.code).toBe(0)
    } finally {
      expect(await running.kill('SIGTERM')).toEqual({ code: 0, signal: null })
    }
  })

  it('pages the library, shows and removes an item', async () => {
    const list = JSON.parse((await reelbox(['library', 'ls', '--json', '--library', path.join(dir, 'library')])).stdout) as { total: number; items: Array<{ id: string }> }
    expect(list.total).toBeGreaterThan(10)
    const id = list.items[0]!.id
    const show = await reelbox(['library', 'show', id, '--library', path.join(dir, 'library')])
    // A clip the Sandbox made is labelled as such, even through an ordinary connection.
    expect(show.stdout).toMatch(/Sandbox/)
    const removed = await reelbox(['library', 'rm', id, '--library', path.join(dir, 'library')])
    expect(removed.code).toBe(0)
    const after = JSON.parse((await reelbox(['library', 'ls', '--json', '--library', path.join(dir, 'library')])).stdout) as { total: number }
    expect(after.total).toBe(list.total - 1)
  })

  it('asks the service about a task, and lists the journal', async () => {
    const submitted = JSON.parse((await reelbox(['submit', ...common(), '--model', 'lumen-1', '--prompt', 'no wait', '--json'])).stdout) as { jobs: Array<{ id: string; taskId?: string; phase: string }> }
    const job = submitted.jobs[0]!
    expect(job.taskId).toMatch(/^video_/)
    const status = await reelbox(['status', job.taskId!, '--base-url', sandbox.baseUrl])
    expect(status.code).toBe(0)
    expect(status.stdout).toContain(job.taskId!)
    expect((await reelbox(['jobs'])).stdout).toContain(job.id)
    // Sent through this run's --base-url, it waits for a run given that address again.
    const elsewhere = await reelbox(['resume', '--library', path.join(dir, 'library')])
    expect(elsewhere.code).toBe(2)
    expect(elsewhere.stderr).toContain(`reelbox resume --base-url ${sandbox.baseUrl}`)
    expect((JSON.parse((await reelbox(['jobs', '--json'])).stdout) as Array<{ id: string; phase: string }>).find((j) => j.id === job.id)?.phase).toBe('pending')
    const resumed = await reelbox(['resume', ...common()])
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stdout).toMatch(new RegExp(`${job.id} done`))
  })

  it('fails with one clear line and a documented exit code', async () => {
    const usage = await reelbox(['submit', '--model', 'lumen-1', '--bogus'])
    expect(usage.code).toBe(2)
    expect(usage.stderr.trim().split('\n')).toHaveLength(1)
    expect(usage.stderr).toMatch(/bogus/)

    const refused = await reelbox(['submit', ...common(), '--model', 'lumen-1', '--prompt', 'x', '--duration', '7', '--wait'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/duration/)
    // The engine says it as a code; the CLI words it in its own English, whatever the app's language.
    const tooLong = await reelbox(['submit', ...common(), '--model', 'kestrel-v2.1', '--prompt', '雪'.repeat(801)])
    expect([tooLong.code, tooLong.stderr]).toEqual([2, 'reelbox: prompt: the prompt is 801 characters; Kestrel 2.1 takes at most 800\n'])

    const badKey = await reelbox(['submit', ...common(), '--model', 'lumen-1', '--prompt', 'x', '--wait'], { REELBOX_API_KEY: 'sk-wrong' })
    expect(badKey.code).toBe(3)

    const missingFile = await reelbox(['submit', ...common(), '--model', 'lumen-1', '--mode', 'i2v', '--image', path.join(dir, 'nope.png')])
    expect(missingFile.code).toBe(2)
    expect(missingFile.stderr).toMatch(/--image: .*nope\.png/)

    const unreachable = await reelbox(['status', 'video_1', '--base-url', 'http://127.0.0.1:9'])
    expect(unreachable.code).toBe(4)
  })

  it('speaks the terminal’s language: 简体中文 under LANG=zh_CN.UTF-8, the same codes and JSON', async () => {
    const chinese = { LANG: 'zh_CN.UTF-8' }
    const tooLong = await reelbox(['submit', ...common(), '--model', 'kestrel-v2.1', '--prompt', '雪'.repeat(801)], chinese)
    expect([tooLong.code, tooLong.stderr]).toEqual([2, 'reelbox: prompt: 提示词有 801 个字符；Kestrel 2.1 最多接受 800 个\n'])
    const noModel = await reelbox(['submit', '--prompt', 'x'], chinese)
    expect([noModel.code, noModel.stderr]).toEqual([2, 'reelbox: 需要 --model（见 `reelbox models`）。\n'])
    const help = await reelbox(['help'], chinese)
    expect(help.stdout).toContain('列出目录中的模型')
    // LC_ALL outranks LANG, as POSIX orders them.
    expect((await reelbox(['submit', '--prompt', 'x'], { ...chinese, LC_ALL: 'en_GB.UTF-8' })).stderr).toBe('reelbox: --model is required (see `reelbox models`).\n')
    // --json is data: the same in every language.
    expect((await reelbox(['models', '--json'], chinese)).stdout).toBe((await reelbox(['models', '--json'])).stdout)
  })
})
