import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Draft, InputImage } from '../../../shared/draft'
import type { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import type { InputStore } from '../../../electron/core/images/store'
import { finished, jobWhen, startTestEngine, type TestEngine } from '../../support/engine'
import { cachedImage } from '../images/fixtures'

/**
 * Issue 11 item 3: a submission is judged once, when it is queued, and each of its local images
 * is encoded once, at the job's submit turn. Counted at the engine's own input store (the one the
 * check reads and the submit turn encodes from), against the real Sandbox.
 */
let engine: TestEngine
const counts = { get: 0, fit: 0, prepare: 0 }

/** Counts the input store's calls: `get` and `fit` are what a check does, `prepare` reads the bytes to encode. */
function count(inputs: InputStore): void {
  const { get, fit, prepare } = inputs
  inputs.get = (...args) => (counts.get++, get(...args))
  inputs.fit = (...args) => (counts.fit++, fit(...args))
  inputs.prepare = (...args) => (counts.prepare++, prepare(...args))
}

beforeEach(async () => {
  engine = await startTestEngine()
  count(engine.core.inputs)
})
afterEach(() => engine.dispose())

async function image(name: string, width: number, height: number): Promise<InputImage> {
  return (await engine.core.call('inputs.import', { name, bytes: new Uint8Array(await cachedImage(width, height)) })) as InputImage
}

describe('one submission', () => {
  it('is checked once when queued and encodes each image once at its submit turn', async () => {
    const [first, last] = await Promise.all([image('dawn.png', 1280, 720), image('dusk.png', 1280, 720)])
    const ref = (i: InputImage) => ({ kind: 'file' as const, hash: i.hash, name: i.name })
    const draft: Draft = { modelId: 'kestrel-v2.6', mode: 'first-last', prompt: 'day into night', first: ref(first!), last: ref(last!) }
    Object.assign(counts, { get: 0, fit: 0, prepare: 0 })

    const [job] = (await engine.core.call('jobs.submit', { draft })) as Job[]
    expect(counts).toEqual({ get: 2, fit: 2, prepare: 0 })

    const done = await jobWhen(engine.core, job!.id, finished)
    expect(done.phase).toBe('done')
    // Sent with both frames, yet nothing was judged again: only the two encodes were added.
    expect(Object.keys(done.params?.['headtailImages'] as object)).toEqual(['firstFrame', 'lastFrame'])
    expect(counts).toEqual({ get: 2, fit: 2, prepare: 2 })
  })
})

describe('an input image removed from the store', () => {
  it('is named in the check as gone, in its slot, and nothing is queued', async () => {
    const lost = await image('lost.png', 640, 360)
    await rm(path.join(engine.dir, 'data', 'inputs', lost.hash.slice(0, 2)), { recursive: true })
    const draft: Draft = { modelId: 'kestrel-v2.1', mode: 'i2v', image: { kind: 'file', hash: lost.hash, name: 'lost.png' } }
    const error = (await engine.core.call('jobs.submit', { draft }).catch((e: unknown) => e)) as AppError
    expect(error.fieldProblems).toEqual({ image: [{ code: 'image.gone', params: { slot: 'image', mode: 'i2v', name: 'lost.png' } }] })
    expect(engine.core.jobs.list()).toEqual([])
  })
})
