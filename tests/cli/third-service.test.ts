import { createHash } from 'node:crypto'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic, type TestContext } from 'vitest'
import { sidecarOf } from '../../electron/core/library/naming'
import { makeMp4 } from '../core/library/support/mp4'
import { png } from '../sandbox/support'
import { reelbox as run, type ReelboxResult } from '../support/reelbox'
import { useTempDir } from '../support/temp'
import { startThirdService, thirdCatalog, thirdPack, thirdProfile, type ThirdService } from '../support/third-service'

/**
 * A third service set up as a designer would from the README (issue 25): its refusals come inside
 * HTTP 200 with a code only the profile's `errors.kinds` gives a meaning, its statuses are
 * numbers, its results are nested, its 429 says when with an HTTP date, and its links expire
 * 2.5 s after the query that gave them. The same seven cases hold set up from one pack
 * (`--pack`) and from a profile and a catalogue passed apart. Each case has a service and folders
 * of its own, so the seven run side by side: most of their time is the service's and the
 * Retry-After's, not the machine's.
 */
let video: Uint8Array
let cover: Uint8Array
/** The service and the folders the pack's checks use. */
let service: ThirdService
let dir: string
const setups: Record<string, string[]> = {}

/** `reelbox` on `env`'s data folder and key, by default the file's. */
const reelbox = (args: string[], env?: Record<string, string>): Promise<ReelboxResult> =>
  run(args, { REELBOX_SECRET_STORE: 'session', ...(env ?? { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_API_KEY: service.apiKey }) }, 120_000)

async function file(folder: string, name: string, value: unknown): Promise<string> {
  const at = path.join(folder, name)
  await writeFile(at, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
  return at
}

/** The flags that set the service up from one pack, or from a profile and a catalogue. */
async function setUp(setup: string, folder: string, baseUrl: string): Promise<string[]> {
  // The pack carries the address; the separate files need --base-url.
  if (setup === 'one pack') return ['--pack', await file(folder, 'third.reelbox-pack.json', thirdPack(baseUrl))]
  return ['--base-url', baseUrl, '--profile', await file(folder, 'third-profile.json', thirdProfile), '--catalog', await file(folder, 'third-catalog.json', thirdCatalog)]
}

beforeAll(async () => {
  video = await makeMp4({ frames: 48 })
  cover = await png(64, 36, '#f5a524')
  service = await startThirdService({ video, cover })
  dir = await useTempDir('reelbox-third-')
  for (const setup of ['one pack', 'separate files']) setups[setup] = await setUp(setup, dir, service.baseUrl)
})
afterAll(() => service?.close())

interface Made {
  jobs: Array<{ phase: string; taskId?: string }>
  items: Array<{ path: string }>
}

describe.each(['one pack', 'separate files'])('the third service set up from %s', (setup) => {
  /** A service of the case's own, and `reelbox submit --wait` on it with the case's own folders. */
  const given = async (onTestFinished: TestContext['onTestFinished']): Promise<{ service: ThirdService; submit: (extra: string[], env?: Record<string, string>) => Promise<ReelboxResult> }> => {
    const own = await startThirdService({ video, cover })
    onTestFinished(() => own.close())
    // Inside the file's folder, which goes once the file's tests are done.
    const folder = await mkdtemp(path.join(dir, 'case-'))
    const flags = await setUp(setup, folder, own.baseUrl)
    const env = { REELBOX_DATA_DIR: path.join(folder, 'data'), REELBOX_API_KEY: own.apiKey }
    const submit = (extra: string[], more: Record<string, string> = {}): Promise<ReelboxResult> =>
      reelbox(['submit', ...flags, '--library', path.join(folder, 'library'), '--model', 'tern-1', '--mode', 't2v', '--wait', ...extra], { ...env, ...more })
    return { service: own, submit }
  }
  /** Made, with what it made as JSON. */
  const made = async (expect: ExpectStatic, submit: (extra: string[]) => Promise<ReelboxResult>, prompt: string): Promise<Made> => {
    const result = await submit(['--prompt', prompt, '--json'])
    expect(result.code, result.stderr).toBe(0)
    const out = JSON.parse(result.stdout) as Made
    expect(out.jobs.map((job) => job.phase)).toEqual(['done'])
    // The service's exact bytes, whatever the links did on the way (the sidecar records the
    // original's digest; the library's copy carries its settings inside).
    const sidecar = JSON.parse(await readFile(sidecarOf(out.items[0]!.path), 'utf8')) as { media: { original: { size: number; sha256: string } } }
    expect(sidecar.media.original).toEqual({ size: video.length, sha256: createHash('sha256').update(video).digest('hex') })
    return out
  }
  const sent = (service: ThirdService, p: string): ThirdService['requests'] => service.requests.filter((r) => r.path === p)

  it.concurrent('1. makes a video: numeric statuses, results at data.result.videos[].video_url', async ({ expect, onTestFinished }) => {
    const { service, submit } = await given(onTestFinished)
    await made(expect, submit, 'a tern over grey water')
    expect(sent(service, '/v1/tasks/query').length).toBeGreaterThan(2)
  })

  it.concurrent('2. a key refused inside HTTP 200 exits 3 with the service’s words', async ({ expect, onTestFinished }) => {
    const { submit } = await given(onTestFinished)
    const result = await submit(['--prompt', 'a tern'], { REELBOX_API_KEY: 'sk-wrong-4242' })
    expect(result.code, result.stderr).toBe(3)
    expect(result.stderr).toContain('invalid api key')
    expect(result.stderr).toContain('code 40100')
    expect(result.stderr).not.toContain('sk-wrong-4242')
  })

  it.concurrent('3. a value refused inside HTTP 200 exits 2, naming the field the service names at data.field', async ({ expect, onTestFinished }) => {
    const { submit } = await given(onTestFinished)
    const result = await submit(['--prompt', 'a tern', '--duration', '10'])
    expect(result.code).toBe(2)
    // Its words do not name the field: data.field does.
    expect(result.stderr).toContain('duration: the service refused duration: value not available on this plan')
  })

  it.concurrent('4. a 429 with Retry-After as an HTTP date waits until then, and the job finishes', async ({ expect, onTestFinished }) => {
    const { service, submit } = await given(onTestFinished)
    service.rateLimitNext = 1
    await made(expect, submit, 'a tern, later')
    const [refused, taken] = sent(service, '/api/v1/video/generation')
    expect(taken, 'the submit was sent again').toBeDefined()
    // The date has whole seconds and is at least 2 s after the refusal.
    expect(taken!.at - refused!.at).toBeGreaterThanOrEqual(1000)
  })

  it.concurrent('5. a failed task (status 4) exits 1 with the service’s reason', async ({ expect, onTestFinished }) => {
    const { submit } = await given(onTestFinished)
    const result = await submit(['--prompt', 'something forbidden'])
    expect(result.code).toBe(1)
    expect(result.stdout + result.stderr).toContain('the prompt breaks the content policy')
  })

  it.concurrent('6. an expired link is asked for again, and the video arrives', async ({ expect, onTestFinished }) => {
    const { service, submit } = await given(onTestFinished)
    service.expireNext = 2 // the video's link and its cover's
    await made(expect, submit, 'a tern at dusk')
    expect(sent(service, '/v1/tasks/query').length).toBeGreaterThan(3)
  })

  it.concurrent('7. a download cut half-way is resumed by Range, the bytes intact', async ({ expect, onTestFinished }) => {
    const { service, submit } = await given(onTestFinished)
    service.cutNext = 1
    await made(expect, submit, 'a tern at dawn')
    const fetches = sent(service, '/files/clip.mp4')
    expect(fetches.length).toBeGreaterThanOrEqual(2)
    expect(fetches.at(-1)!.range).toMatch(/^bytes=[1-9]\d*-$/)
  })
})

describe('a pack that does not check is refused, naming the field, and nothing of it is used', () => {
  const models = (pack: string): Promise<ReelboxResult> => reelbox(['models', '--pack', pack])
  /** The pack with one thing changed, written as JSON (its shape is the test's to break). */
  type Loose = { catalog: { models: Array<{ modes: Record<string, unknown> }> }; profile: { query: Record<string, string>; errors: { kinds: Record<string, number[]> } } }
  const broken = (change: (pack: Loose) => void): unknown => {
    const pack = structuredClone(thirdPack(service.baseUrl)) as unknown as Loose
    change(pack)
    return pack
  }

  it.each([
    ['bad JSON', () => '{"schemaVersion": 1, "name": "Third",', 'bad.reelbox-pack.json is not a usable service pack: Expected'],
    [
      'an unknown mode',
      () => broken((p) => (p.catalog.models[0]!.modes = { v2v: p.catalog.models[0]!.modes['t2v'] })),
      'catalog.models.0.modes.v2v: "v2v" is not one of t2v, i2v, first-last, reference',
    ],
    ['a path that cannot be read', () => broken((p) => (p.profile.query['urlsPath'] = 'data.result[].videos[].video_url')), 'profile.query.urlsPath: must be a dotted path'],
    ['a kind not Reelbox’s', () => broken((p) => (p.profile.errors.kinds['quota'] = [40300])), 'profile.errors.kinds.quota: "quota" is not one of key, parameter, rate, unavailable'],
  ])('%s', async (_, make, said) => {
    const result = await models(await file(dir, 'bad.reelbox-pack.json', make()))
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(said)
    expect(result.stderr).toContain('nothing was imported')
    expect(result.stdout).toBe('')
  })

  it('a pack file that cannot be read names the flag; --pack with --profile is refused', async () => {
    const missing = path.join(dir, 'missing.reelbox-pack.json')
    expect(await models(missing)).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining(`--pack ${missing}: cannot be read`) })
    const both = await reelbox(['models', ...setups['one pack']!, '--profile', path.join(dir, 'third-profile.json')])
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('give --pack, or --profile and --catalog, not both') })
  })

  it('a pack that names no address takes it from --base-url, and without one says so', async () => {
    const { baseUrl: _, ...pack } = thirdPack(service.baseUrl)
    const anywhere = await file(dir, 'anywhere.reelbox-pack.json', pack)
    const fresh = { REELBOX_DATA_DIR: path.join(dir, 'data-no-connection'), REELBOX_API_KEY: service.apiKey }
    const submit = (extra: string[]): Promise<ReelboxResult> =>
      reelbox(['submit', '--pack', anywhere, ...extra, '--library', path.join(dir, 'library-anywhere'), '--model', 'tern-1', '--mode', 't2v', '--prompt', 'a tern, anywhere', '--wait'], fresh)
    expect(await submit([])).toMatchObject({ code: 2, stderr: expect.stringContaining('--pack needs --base-url') })
    const made = await submit(['--base-url', service.baseUrl])
    expect(made.code, made.stderr).toBe(0)
  })

  it('reelbox profile test --pack reads the pack’s samples, the error’s kind among them', async () => {
    const result = await reelbox(['profile', 'test', ...setups['one pack']!])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/✓ +result URLs +https:\/\/cdn\.third\.example\/v\/1\.mp4 +data\.result\.videos\[\]\.video_url/)
    expect(result.stdout).toMatch(/✓ +status +3 +data\.status/)
    expect(result.stdout).toMatch(/✓ +kind +key \(the API key was refused: exit 3\) +errors\.kinds\.key/)
    expect(result.stdout).toMatch(/✓ +message +invalid api key +message/)
  })
})
