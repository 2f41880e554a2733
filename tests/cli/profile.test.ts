import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeMp4 } from '../core/library/support/mp4'
import { png } from '../sandbox/support'
import { anotherProfile, startAnotherService, type AnotherService } from '../support/another-service'
import { reelbox as run, type ReelboxResult } from '../support/reelbox'
import { useTempDir } from '../support/temp'

/**
 * `reelbox` with a service unlike the default one (issue 14): `profile test` reads an answer the
 * way the engine will, and the service's refusals keep their words on the terminal.
 */
let service: AnotherService
let dir: string
let profileFile: string

const reelbox = (args: string[], env: Record<string, string> = {}): Promise<ReelboxResult> =>
  run(args, { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: service.apiKey, ...env })

async function file(name: string, value: unknown): Promise<string> {
  const at = path.join(dir, name)
  await writeFile(at, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
  return at
}

beforeAll(async () => {
  service = await startAnotherService({ video: await makeMp4({ frames: 12 }), cover: await png(64, 36) })
  dir = await useTempDir('reelbox-profile-')
  profileFile = await file('another.json', anotherProfile)
})
afterAll(() => service?.close())

describe('reelbox profile test', () => {
  it('reads a query answer field by field, with the path each value came from', async () => {
    const answer = await file('ready.json', { data: { id: 'video_7', state: 'ready', percent: 100, outputs: [{ url: 'https://cdn.example/a.mp4', cover: 'https://cdn.example/a.jpg' }] } })
    const result = await reelbox(['profile', 'test', '--profile', profileFile, '--answer', answer])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('the task counts as a success')
    expect(result.stdout).toMatch(/✓ +status +ready +data\.state/)
    expect(result.stdout).toMatch(/✓ +result URLs +https:\/\/cdn\.example\/a\.mp4 +data\.outputs\[\]\.url/)
    expect(result.stdout).toMatch(/✓ +poster +https:\/\/cdn\.example\/a\.jpg +data\.outputs\[\]\.cover/)
    expect(result.stdout).toMatch(/✓ +progress +100% +data\.percent/)
    expect(result.stdout).not.toContain('task id')
    const json = JSON.parse((await reelbox(['profile', 'test', '--profile', profileFile, '--answer', answer, '--json'])).stdout) as { outcome: string }
    expect(json.outcome).toBe('success')
  })

  it('says what a wrong path finds and where the value likely is, and exits 1', async () => {
    const wrong = await file('wrong.json', { ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.outputs' } })
    const answer = await file('ready2.json', { data: { state: 'ready', outputs: [{ url: 'https://cdn.example/a.mp4' }, { url: 'https://cdn.example/b.mp4' }] } })
    const result = await reelbox(['profile', 'test', '--profile', wrong, '--answer', answer])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/✗ +result URLs +— +data\.outputs is a list of 2 objects; try data\.outputs\[\]\.url/)
  })

  it('reads an error answer’s words, field and code', async () => {
    const answer = await file('error.json', { error: { message: 'duration must be one of 4, 8', param: 'duration', type: 'invalid_request_error' } })
    const result = await reelbox(['profile', 'test', '--profile', profileFile, '--answer', answer, '--kind', 'error'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/message +duration must be one of 4, 8 +error\.message/)
    expect(result.stdout).toMatch(/field +duration +error\.param/)
  })

  it('refuses what it cannot use, naming the file', async () => {
    const html = await file('gateway.html', '<html>502 Bad Gateway</html>')
    const notJson = await reelbox(['profile', 'test', '--profile', profileFile, '--answer', html])
    expect(notJson).toMatchObject({ code: 2, stderr: expect.stringContaining('gateway.html: the answer is not JSON') })
    const broken = await file('broken.json', { query: { urlsPath: 'data.a[].b[].c' } })
    const refused = await reelbox(['profile', 'test', '--profile', broken, '--answer', html])
    expect(refused.stderr).toContain('broken.json: not a valid service profile: query.urlsPath: must be a dotted path')
    expect((await reelbox(['profile', 'test', '--profile', profileFile, '--answer', html, '--kind', 'poll'])).stderr).toContain('--kind must be submit, query or error')
  })
})

describe('reelbox submit to a service with its own error shape', () => {
  const submit = (extra: string[], env?: Record<string, string>): Promise<ReelboxResult> =>
    reelbox(['submit', '--base-url', service.baseUrl, '--profile', profileFile, '--library', path.join(dir, 'library'), '--model', 'lumen-1', '--mode', 't2v', '--prompt', 'a kite', ...extra], env)

  it('a refused duration names the field and keeps the service’s sentence', async () => {
    const result = await submit(['--duration', '5', '--wait'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('duration: the service refused duration: duration must be one of 4, 8')
  })

  it('a wrong key keeps “bad key”', async () => {
    const result = await submit([], { REELBOX_API_KEY: 'sk-wrong-1234' })
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('bad key')
    expect(result.stderr).not.toContain('sk-wrong-1234')
  })
})
