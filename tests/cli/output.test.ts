import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeMp4 } from '../core/library/support/mp4'
import { startHostileService, type HostileService } from '../support/hostile-service'
import { makeJob } from '../support/jobs'
import { reelbox as run, type ReelboxResult } from '../support/reelbox'
import { useTempDir } from '../support/temp'

/**
 * What `reelbox` prints (issue 10 items 7 and 9): nothing from outside reaches the terminal as a
 * control sequence, a bad --catalog or --profile is a usage error naming the flag, an error is
 * said once, and a reader that stops early (`| head`) ends the command quietly.
 */
const ESCAPES = '\u001b[2J\u001b]0;pwned\u0007\u009b31m\r'
/** Any C0/C1 control character but a newline. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/

let service: HostileService
let dir: string
const env = (): Record<string, string> => ({ REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: 'sk-output-test' })
const reelbox = (args: string[]): Promise<ReelboxResult> => run(args, env())
const service_ = (): string[] => ['--base-url', service.baseUrl, '--library', path.join(dir, 'library')]

beforeAll(async () => {
  service = await startHostileService(await makeMp4({ frames: 12 }))
  dir = await useTempDir('reelbox-output-')
})
afterAll(() => service.close())

describe('what reelbox prints', () => {
  it('strips escape sequences and control characters from the service’s words and the prompt', async () => {
    service.statusWord = `${ESCAPES}processing`
    service.finished = false
    const status = await reelbox(['status', 'video_hostile', ...service_()])
    expect(status.code, status.stderr).toBe(0)
    // The sequences go whole, not only their escape byte.
    expect(status.stdout).toBe('video_hostile: processing → running\n')

    const left = await reelbox(['submit', ...service_(), '--model', 'lumen-1', '--prompt', `a fox${ESCAPES} in snow`])
    expect(left.code, left.stderr).toBe(0)
    const jobs = await reelbox(['jobs', ...service_()])
    expect(jobs.stdout).toMatch(/processing/)
    expect(jobs.stdout + jobs.stderr).not.toMatch(CONTROL)

    service.finished = true
    const done = await reelbox(['submit', ...service_(), '--model', 'lumen-1', '--prompt', `a fox${ESCAPES} in snow`, '--wait'])
    expect(done.code, done.stderr).toBe(0)
    expect(done.stderr + done.stdout).not.toMatch(CONTROL)
    const listed = await reelbox(['library', 'ls', ...service_()])
    expect(listed.stdout).toMatch(/a fox.*in snow/)
    expect(listed.stdout).not.toMatch(CONTROL)
    // As data, the prompt is kept as the designer typed it: JSON escapes it by itself.
    expect((JSON.parse((await reelbox(['library', 'ls', '--json', ...service_()])).stdout) as { items: Array<{ prompt: string }> }).items[0]!.prompt).toBe(`a fox${ESCAPES} in snow`)
    service.statusWord = undefined
  })

  it('a catalogue or profile that cannot be used is a usage error (2) naming its flag', async () => {
    const catalog = await reelbox(['models', '--catalog', '/nonexistent'])
    expect([catalog.code, catalog.stderr]).toEqual([2, 'reelbox: --catalog /nonexistent: cannot be read (no such file).\n'])
    const notJson = path.join(dir, 'profile.txt')
    await writeFile(notJson, 'query: GET /tasks/{task_id}\n')
    const profile = await reelbox(['status', 'video_1', '--base-url', service.baseUrl, '--profile', notJson])
    expect([profile.code, profile.stderr]).toEqual([2, `reelbox: --profile ${notJson}: is not JSON.\n`])
  })

  it('an error is said once, without wrapping itself in parentheses', async () => {
    const image = await reelbox(['submit', ...service_(), '--model', 'lumen-1', '--mode', 'i2v', '--prompt', 'x', '--image', path.join(dir, 'nope.png')])
    expect([image.code, image.stderr]).toEqual([2, `reelbox: --image: no file at ${path.join(dir, 'nope.png')}\n`])
    // A service that goes away mid-submit: the job's one line says so.
    const gone = await reelbox(['submit', '--base-url', 'http://127.0.0.1:9', '--library', path.join(dir, 'library'), '--model', 'lumen-1', '--prompt', 'x', '--wait'])
    const lines = gone.stderr.trim().split('\n')
    const verdict = lines.filter((line) => /may or may not/.test(line))
    expect(verdict).toHaveLength(1)
    expect(verdict[0]).not.toMatch(/\([^)]*\(/)
  })

  it('`| head` ends the command quietly, with its own exit code', async () => {
    // Enough jobs that the listing outgrows the pipe's buffer.
    const jobs = path.join(dir, 'many', 'jobs')
    await mkdir(jobs, { recursive: true })
    for (let i = 0; i < 800; i++) await writeFile(path.join(jobs, `job_${i}.json`), JSON.stringify(makeJob(`job_${i}`, { phase: 'cancelled', createdAt: i })))
    const child = spawn(process.execPath, ['bin/reelbox.mjs', 'jobs', '--json'], { env: { ...process.env, ...env(), REELBOX_DATA_DIR: path.join(dir, 'many') }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk))
    // What `head -c 100` does: read a little, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  })
})
