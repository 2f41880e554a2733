import { z } from 'zod'
import { Mode } from '../../../shared/catalog'

/**
 * `<stateDir>/state.json`, version 1. Read back with these schemas: a file that does not match is
 * set aside and the Sandbox starts fresh; one task record that does not match is dropped alone.
 */
export const STATE_VERSION = 1

/** Content-derived result ids (render/index.ts) and saved input names: nothing that escapes a folder. */
const resultId = z.string().regex(/^[a-f0-9]{16,64}$/)
const inputName = z.string().regex(/^[a-f0-9]{64}\.[a-z0-9]{2,5}$/)

const Timing = z.object({
  pendingMs: z.number().nonnegative(),
  runningMs: z.number().nonnegative(),
  progressSteps: z.number().int().positive(),
})

/** One input image: where the request had it ("characterImages[1].url") and how to get it back. */
export const StoredImage = z.union([
  z.object({ path: z.string(), url: z.string().min(1) }),
  /** Decoded bytes saved as `<stateDir>/inputs/<sha256>.<ext>`: large images stay out of the JSON. */
  z.object({ path: z.string(), file: inputName, mime: z.string() }),
])
export type StoredImage = z.infer<typeof StoredImage>

/** What rendering needs besides the task's model and mode (render/index.ts RenderJob). */
const StoredRender = z.object({
  prompt: z.string().optional(),
  seed: z.number().optional(),
  duration: z.number().positive(),
  resolution: z.string().optional(),
  images: z.array(StoredImage),
})
export type StoredRender = z.infer<typeof StoredRender>

/** The first answer to an Idempotency-Key, replayed byte for byte after a restart too. */
const StoredIdempotency = z.object({
  key: z.string().min(1),
  bodyHash: z.string().regex(/^[a-f0-9]{64}$/),
  status: z.number().int(),
  envelope: z.object({
    code: z.number(),
    message: z.string(),
    request_id: z.string(),
    data: z.record(z.string(), z.unknown()).nullable(),
  }),
})
export type StoredIdempotency = z.infer<typeof StoredIdempotency>

export const StoredTask = z.object({
  taskId: z.string().regex(/^[\w-]{1,100}$/),
  requestId: z.string(),
  model: z.string(),
  mode: Mode,
  /** On the Sandbox's clock (`options.now`): the phase goes on from here, across restarts. */
  createdAt: z.number(),
  immediate: z.boolean(),
  timing: Timing,
  plannedFailure: z.string().optional(),
  failed: z.object({ at: z.number(), reason: z.string().optional() }).optional(),
  resultId: resultId.optional(),
  renderError: z.string().optional(),
  /** Absent for a task that never renders (a planned failure). */
  render: StoredRender.optional(),
  idempotency: StoredIdempotency.optional(),
})
export type StoredTask = z.infer<typeof StoredTask>

/** A rendered file in `<stateDir>/results/<id>.mp4`; `generation` is its ETag's (etag-change fault). */
const StoredResult = z.object({
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  seconds: z.number().positive(),
  generation: z.number().int().nonnegative(),
})
export type StoredResult = z.infer<typeof StoredResult>

export const StateFile = z.object({
  version: z.literal(STATE_VERSION),
  savedAt: z.number(),
  /** Only a key the Sandbox made itself; a key passed in `options.apiKey` is never written. */
  apiKey: z
    .string()
    .regex(/^\S{8,}$/)
    .optional(),
  /** base64url of the 32-byte URL-signing secret. */
  urlSecret: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  port: z.number().int().min(1).max(65_535).optional(),
  results: z.record(resultId, StoredResult),
  /** Checked one by one (StoredTask), so one bad record does not cost the others. */
  tasks: z.array(z.unknown()),
})
export type StateFile = z.infer<typeof StateFile>
