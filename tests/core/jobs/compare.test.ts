import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CompareResult } from '../../../shared/contract/jobs'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import type { InputImage } from '../../../shared/draft'
import { finished, inPhase, jobWhen, startTestEngine, type TestEngine } from '../../support/engine'
import { cachedImage } from '../images/fixtures'

/**
 * "Compare on…" (issue 17 item 1) against a real engine and the Sandbox over loopback: one draft
 * becomes one batch of jobs, one per model and variation, each body shaped for its model; one
 * model refusing sends nothing at all.
 */
let engine: TestEngine
beforeEach(async () => void (engine = await startTestEngine()))
afterEach(() => engine.dispose())

const draft = { modelId: 'lumen-1', mode: 't2v', prompt: 'a paper boat on a rainy street', duration: 10, seed: 42 } as const

async function compare(input: object): Promise<CompareResult> {
  return (await engine.core.call('jobs.compare', input)) as CompareResult
}

describe('one draft on several models', () => {
  it('sends one body per model as one batch; what a model does not take is set aside for it alone', async () => {
    const result = await compare({ draft, modelIds: ['lumen-1', 'kestrel-v2.6', 'atlas-lite'], variations: 2 })
    expect(result.jobs).toHaveLength(6)
    expect(new Set(result.jobs.map((job) => job.batchId))).toEqual(new Set([result.batchId]))
    expect(result.jobs.map((job) => job.model.id)).toEqual(['lumen-1', 'lumen-1', 'kestrel-v2.6', 'kestrel-v2.6', 'atlas-lite', 'atlas-lite'])
    // Atlas Lite makes 5-second clips only: the 10 s is set aside for it, sent to the others.
    expect(result.setAside).toEqual([{ modelId: 'atlas-lite', fields: ['duration'] }])
    // Each job keeps it (journaled): the batch card lists it after a restart too.
    expect(result.jobs.map((job) => job.setAside)).toEqual([undefined, undefined, undefined, undefined, ['duration'], ['duration']])
    expect(result.jobs.map((job) => job.params['duration'])).toEqual([10, 10, 10, 10, 5, 5])
    // Variation n has one seed on every model; the first keeps the designer's.
    const seeds = result.jobs.map((job) => job.params['seed'])
    expect(seeds.filter((_, i) => i % 2 === 0)).toEqual([42, 42, 42])
    expect(new Set(seeds.filter((_, i) => i % 2 === 1)).size).toBe(1)
    expect(seeds[1]).not.toBe(42)

    const done = await Promise.all(result.jobs.map(async (job) => inPhase(await jobWhen(engine.core, job.id, finished), 'done')))
    const details = await Promise.all(done.map(async (job) => (await engine.core.call('library.get', { id: job.libraryItemIds[0] })) as LibraryDetail))
    expect(details.map((d) => d.item.modelId)).toEqual(['lumen-1', 'lumen-1', 'kestrel-v2.6', 'kestrel-v2.6', 'atlas-lite', 'atlas-lite'])
    // Each sidecar says which batch it came from.
    expect(new Set(details.map((d) => d.sidecar?.batchId))).toEqual(new Set([result.batchId]))
  })

  it('says "not sent" only of what the mode in use would have sent: another mode’s images are no loss (issue 22 item 1)', async () => {
    const still = async (name: string, width: number, height: number) => {
      const image = (await engine.core.call('inputs.import', { name, bytes: new Uint8Array(await cachedImage(width, height)) })) as InputImage
      return { kind: 'file', hash: image.hash, name } as const
    }
    // First frame mode, its frame cropped (another image than the first-and-last frame it came from),
    // with the frames and references of the other modes still in the form.
    const [frame, first, last, reference] = await Promise.all([still('crop.png', 1280, 720), still('first.png', 1600, 720), still('last.png', 1600, 720), still('ref.png', 800, 800)])
    const wanted = { modelId: 'kestrel-v2.6', mode: 'i2v', prompt: 'the boat sails on', image: frame, first, last, references: [reference], seed: 7 }
    const result = await compare({ draft: wanted, modelIds: ['kestrel-v2.6', 'lumen-1', 'atlas-pro', 'kestrel-v2.7'] })
    expect(result.setAside).toEqual([])
    expect(result.jobs.map((job) => job.setAside)).toEqual([undefined, undefined, undefined, undefined])
    await Promise.all(result.jobs.map(async (job) => inPhase(await jobWhen(engine.core, job.id, finished), 'done')))
    // What the service received, by its own reading of each body ("image.imageUrl": its place in
    // that model's format): the first frame, to every model, and nothing else.
    const tasks = [...engine.sandbox.tasks()].sort((a, b) => a.model.localeCompare(b.model))
    expect(tasks.map((task) => [task.model, task.mode, task.images.map((at) => at.split(/[.[]/)[0])])).toEqual([
      ['atlas-pro', 'i2v', ['image']],
      ['kestrel-v2.6', 'i2v', ['image']],
      ['kestrel-v2.7', 'i2v', ['image']],
      ['lumen-1', 'i2v', ['image']],
    ])
  })

  it('checks every model before sending any: one refusal sends nothing and names the model and field', async () => {
    const before = engine.sandbox.stats().requests.submit
    const long = { ...draft, prompt: 'a slow dolly along a neon street in the rain, '.repeat(30).slice(0, 1200) }
    const error = (await compare({ draft: long, modelIds: ['lumen-1', 'kestrel-v2.1', 'atlas-pro'] }).catch((e: unknown) => e)) as AppError
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.details).toMatchObject({ model: 'kestrel-v2.1', fields: { prompt: [expect.objectContaining({ code: 'prompt.tooLong', params: expect.objectContaining({ max: 800 }) })] } })
    expect(error.message).toMatch(/^Kestrel 2\.1: .*Nothing was sent\.$/)
    expect((await engine.core.call('jobs.list', undefined)) as Job[]).toEqual([])
    expect(engine.sandbox.stats().requests.submit).toBe(before)
  })

  it('refuses more than 16 videos at once, and a model twice, before anything else', async () => {
    const many = (await compare({ draft, modelIds: ['lumen-1', 'kestrel-v2.6', 'atlas-pro', 'atlas-max'], variations: 5 }).catch((e: unknown) => e)) as AppError
    expect(many.code).toBe('INVALID_INPUT')
    expect(Object.keys(many.fieldProblems ?? {})).toEqual(['variations'])
    const twice = (await compare({ draft, modelIds: ['lumen-1', 'lumen-1'] }).catch((e: unknown) => e)) as AppError
    expect(Object.keys(twice.fieldProblems ?? {})).toEqual(['modelIds'])
    expect((await engine.core.call('jobs.list', undefined)) as Job[]).toEqual([])
  })
})
