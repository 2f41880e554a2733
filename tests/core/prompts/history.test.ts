import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PromptEntry } from '../../../shared/contract/prompts'
import type { Job } from '../../../shared/job'
import { PROMPT_HISTORY_FILE } from '../../../electron/core/prompts/history'
import { finished, inPhase, jobWhen, startTestEngine, type TestEngine } from '../../support/engine'

/**
 * The prompt history against a real engine, a real Sandbox over loopback and real files: what
 * Generate sends is kept, found by a word, starred, cleared, and found again after a restart or
 * after its file is lost (rebuilt from the library's sidecars).
 */
let engine: TestEngine
beforeEach(async () => void (engine = await startTestEngine()))
afterEach(() => engine.dispose())

const historyFile = () => path.join(engine.dir, 'data', PROMPT_HISTORY_FILE)

async function generate(prompt: string, modelId = 'lumen-1'): Promise<Extract<Job, { phase: 'done' }>> {
  const [job] = (await engine.core.call('jobs.submit', { draft: { modelId, mode: 't2v', prompt, duration: 5 } })) as Job[]
  return inPhase(await jobWhen(engine.core, job!.id, finished), 'done')
}

async function list(input: { search?: string; starred?: boolean } = {}): Promise<PromptEntry[]> {
  return ((await engine.core.call('prompts.list', input)) as { entries: PromptEntry[] }).entries
}

describe('the prompt history', () => {
  it('keeps each prompt sent once, newest first, with its models and its latest result', async () => {
    await generate('a paper boat on a rainy street')
    await generate('neon koi in a night market', 'kestrel-v2.6')
    const done = await generate('a paper boat on a rainy street  ', 'atlas-pro')
    const entries = await list()
    expect(entries.map((e) => e.text)).toEqual(['a paper boat on a rainy street', 'neon koi in a night market'])
    expect(entries[0]).toMatchObject({ models: ['atlas-pro', 'lumen-1'], starred: false, latest: { id: done.libraryItemIds[0], hasPoster: expect.any(Boolean) } })
    // A small file of this user's only, written whole.
    expect((await stat(historyFile())).mode & 0o777).toBe(0o600)
  })

  it('finds a prompt by a word in it (case and width folded), and keeps starred ones when cleared', async () => {
    await generate('A Red Fox in fresh snow')
    await generate('一只猫在雨中奔跑')
    expect((await list({ search: 'ｆｏｘ snow' })).map((e) => e.text)).toEqual(['A Red Fox in fresh snow'])
    expect((await list({ search: '雨中' })).map((e) => e.text)).toEqual(['一只猫在雨中奔跑'])
    await engine.core.call('prompts.star', { text: 'A Red Fox in fresh snow', starred: true })
    expect((await list({ starred: true })).map((e) => e.text)).toEqual(['A Red Fox in fresh snow'])
    expect(await engine.core.call('prompts.clear', undefined)).toEqual({ removed: 1 })
    expect((await list()).map((e) => e.text)).toEqual(['A Red Fox in fresh snow'])
    // Cleared stays cleared: the library still has the cat, but it does not come back.
    await engine.restart()
    expect((await list()).map((e) => e.text)).toEqual(['A Red Fox in fresh snow'])
  })

  it('survives a restart, and is rebuilt from the sidecars when its file is lost or unreadable', async () => {
    await generate('lighthouse in a storm, long exposure')
    await engine.restart()
    expect((await list({ search: 'lighthouse' })).map((e) => e.text)).toEqual(['lighthouse in a storm, long exposure'])

    await rm(historyFile())
    await engine.restart()
    const rebuilt = await list({ search: 'storm' })
    expect(rebuilt).toEqual([expect.objectContaining({ text: 'lighthouse in a storm, long exposure', models: ['lumen-1'], latest: expect.objectContaining({ id: expect.any(String) }) })])

    await writeFile(historyFile(), '{"version": 1, "entr')
    expect((await list({ search: 'lighthouse' })).length).toBe(1)
    expect(await readFile(`${historyFile()}.corrupt`, 'utf8')).toBe('{"version": 1, "entr')
  })

  it('refuses to star a prompt it does not have, naming the field', async () => {
    const error = (await engine.core.call('prompts.star', { text: 'never sent', starred: true }).catch((e: unknown) => e)) as { code: string; details: { fields: Record<string, unknown> } }
    expect(error.code).toBe('NOT_FOUND')
    expect(Object.keys(error.details.fields)).toEqual(['text'])
  })
})
