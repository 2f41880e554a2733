import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImageRef } from '../../../shared/draft'
import type { Sandbox } from '../../../electron/sandbox'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { createServiceClient } from '../../../electron/core/service/client'
import { connectionTo, startTestSandbox } from '../../support/sandbox'
import { randomDraft, seeded } from './generate'
import { caseIndex, caseSeed, modelModes as cases, shapeAndEncode, startShaping, type ShapingWorld } from './support'

/**
 * The other half of the shaping property (issue 3 item 5): for every model × mode of the default
 * catalogue, the body the client builds is accepted by the Sandbox in STRICT mode, where any field
 * the model does not list is a parameter error. The Sandbox validates with its own code
 * (electron/sandbox/validate.ts), never with the client's shaping.
 */
let sandbox: Sandbox
let deps: ShapingWorld['deps']
let files: ImageRef[] = []
const client = createServiceClient({ fetch, clock: systemClock, log: createLogHub(Date.now).root })

beforeAll(async () => {
  // Tasks stay pending: this is about what the Sandbox accepts, not what it renders.
  sandbox = await startTestSandbox({ validation: 'strict', timing: { pendingMs: 600_000, runningMs: 1000 }, immediateModels: [] })
  const world = await startShaping('reelbox-accepts-', [
    ['landscape.png', 1280, 720],
    ['portrait.jpg', 720, 1280, { format: 'jpeg' }],
    ['big.png', 3000, 2000, { fill: 'noise' }],
  ])
  deps = world.deps
  files = world.files
}, 60_000)
afterAll(() => sandbox.close())

describe('every body the client builds is accepted by the Sandbox in strict mode', () => {
  it.each(cases)('%s %s', async (id, mode, model) => {
    const random = seeded(caseSeed(caseIndex(id, mode)))
    for (let i = 0; i < 3; i++) {
      const draft = randomDraft(model, mode, random, files)
      // URL images would send the Sandbox to the network; local files cover every shape.
      const local = { ...draft, image: draft.image && files[0], first: draft.first && files[1], last: draft.last && files[2], references: draft.references?.map((_, n) => files[n % files.length]!) }
      const { body } = await shapeAndEncode(deps, local)
      const state = await client.submit(connectionTo(sandbox), body)
      expect(state.taskId, JSON.stringify(Object.keys(body))).toMatch(/^video_/)
    }
  })
})
