import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../shared/job'
import type { Sandbox } from '../../electron/sandbox'
import { reelbox } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'

/**
 * A journal entry cut short (issue 10 item 8): a listing says so and leaves it alone; `reelbox
 * resume` sets it aside, brings its job back from the task id it still holds, and finishes it.
 * Before, a listing renamed it `.corrupt` without a word and its paid video was never fetched.
 */
let sandbox: Sandbox
let dir: string
let env: Record<string, string>
const service = (): string[] => ['--base-url', sandbox.baseUrl, '--library', path.join(dir, 'library')]
const jobs = (): string => path.join(dir, 'data', 'jobs')

beforeAll(async () => {
  sandbox = await startTestSandbox()
  dir = await useTempDir('reelbox-set-aside-')
  env = { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey }
})
afterAll(() => sandbox.close())

describe('a journal entry that cannot be read', () => {
  it('is reported by a listing, never repaired by it, and finished by resume from the task id it still holds', async () => {
    const submitted = await reelbox(['submit', ...service(), '--model', 'lumen-1', '--prompt', 'cut short', '--json'], env)
    expect(submitted.code, submitted.stderr).toBe(0)
    const job = (JSON.parse(submitted.stdout) as { jobs: Job[] }).jobs[0]!
    const entry = path.join(jobs(), `${job.id}.json`)
    const text = await readFile(entry, 'utf8')
    // The disk lost the entry's tail: what is left still names the task.
    await writeFile(entry, text.slice(0, text.indexOf('"requestId"')))

    const listed = await reelbox(['jobs', ...service()], env)
    expect(listed.code).toBe(0)
    expect(listed.stderr).toContain(`Journal entry ${job.id}.json could not be read; \`reelbox resume\` will recover job ${job.id} (task ${job.phase === 'pending' ? job.taskId : ''}) from it.`)
    expect(await readdir(jobs())).toContain(`${job.id}.json`)
    expect(await readFile(entry, 'utf8')).toBe(text.slice(0, text.indexOf('"requestId"')))

    const resumed = await reelbox(['resume', ...service()], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toContain(`Journal entry ${job.id}.json.corrupt could not be read; job ${job.id}`)
    expect(resumed.stdout).toContain(`${job.id} done`)
    const library = JSON.parse((await reelbox(['library', 'ls', '--json', ...service()], env)).stdout) as { items: Array<{ id: string; prompt: string }> }
    expect(library.items).toEqual([expect.objectContaining({ id: `${job.id}-0`, prompt: 'cut short' })])
    // The bytes that could not be read are kept beside it until the designer dismisses them.
    expect(await readdir(jobs())).toEqual(expect.arrayContaining([`${job.id}.json`, `${job.id}.json.corrupt`]))
  })
})
