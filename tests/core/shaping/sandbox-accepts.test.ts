import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modes } from '../../../shared/catalog'
import type { ImageRef } from '../../../shared/draft'
import type { Sandbox } from '../../../electron/sandbox'
import { createCatalogService } from '../../../electron/core/catalog/service'
import { createEventBus } from '../../../electron/core/events'
import { createInputStore } from '../../../electron/core/images/store'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { createServiceClient } from '../../../electron/core/service/client'
import { buildRequest, type ShapingDeps } from '../../../electron/core/shaping/request'
import { connectionTo, defaultCatalog, startTestSandbox } from '../../support/sandbox'
import { makeImage } from '../images/fixtures'
import { randomDraft, seeded } from './generate'

/**
 * The other half of the shaping property (issue 3 item 5): for every model × mode of the default
 * catalogue, the body the client builds is accepted by the Sandbox in STRICT mode, where any field
 * the model does not list is a parameter error. The Sandbox validates with its own code
 * (electron/sandbox/validate.ts), never with the client's shaping.
 */
let sandbox: Sandbox
let dir: string
let deps: ShapingDeps
const files: ImageRef[] = []
const log = createLogHub(Date.now).root
const client = createServiceClient({ fetch, clock: systemClock, log })

beforeAll(async () => {
  // Tasks stay pending: this is about what the Sandbox accepts, not what it renders.
  sandbox = await startTestSandbox({ validation: 'strict', timing: { pendingMs: 600_000, runningMs: 1000 }, immediateModels: [] })
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-accepts-'))
  const catalog = createCatalogService({ dataDir: dir, fetch, log, events: createEventBus() })
  await catalog.load()
  const inputs = createInputStore({ dataDir: dir, log })
  deps = { catalog, inputs }
  for (const [name, bytes] of [
    ['landscape.png', await makeImage(1280, 720)],
    ['portrait.jpg', await makeImage(720, 1280, { format: 'jpeg' })],
    ['big.png', await makeImage(3000, 2000, { fill: 'noise' })],
  ] as const) {
    const image = await inputs.import({ name, bytes })
    files.push({ kind: 'file', hash: image.hash, name })
  }
}, 60_000)
afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

const cases = defaultCatalog.models.flatMap((model) => modes.filter((mode) => model.modes[mode]).map((mode) => [model.id, mode, model] as const))

describe('every body the client builds is accepted by the Sandbox in strict mode', () => {
  it.each(cases)('%s %s', async (_id, mode, model) => {
    const random = seeded(model.id.length * 7919 + mode.length)
    for (let i = 0; i < 3; i++) {
      const draft = randomDraft(model, mode, random, files)
      // URL images would send the Sandbox to the network; local files cover every shape.
      const local = { ...draft, image: draft.image && files[0], first: draft.first && files[1], last: draft.last && files[2], references: draft.references?.map((_, n) => files[n % files.length]!) }
      const { body } = await buildRequest(deps, local)
      const state = await client.submit(connectionTo(sandbox), body)
      expect(state.taskId, JSON.stringify(Object.keys(body))).toMatch(/^video_/)
    }
  })
})
