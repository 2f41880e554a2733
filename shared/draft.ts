import { z } from 'zod'
import { Mode } from './catalog'
import { SEED_MAX } from './seed'

/**
 * What the designer asks for, before it is shaped into a body for one model (the Create form,
 * the CLI's flags, a library item's "reuse"). Images are references: a file already in the input
 * store (by content hash) or a URL passed through as is (spec §2.1: "a URL, Base64 data …").
 */
export const ImageRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('file'), hash: z.string().regex(/^[a-f0-9]{64}$/, 'must be a sha-256 hex digest'), name: z.string().max(255) }),
  z.strictObject({ kind: z.literal('url'), url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }) }),
])
export type ImageRef = z.infer<typeof ImageRef>

/**
 * Lineage (issue 16 item 2): the library item this draft continues and the moment of it whose
 * frame is its first frame (the clip's last frame, or the one under the playhead).
 */
export const Continues = z.strictObject({ itemId: z.string().min(1).max(200), atSeconds: z.number().min(0) })
export type Continues = z.infer<typeof Continues>

export const Draft = z.strictObject({
  modelId: z.string().min(1, 'choose a model'),
  mode: Mode,
  prompt: z.string().max(20_000).optional(),
  /** First frame (i2v), or the optional image of t2v. */
  image: ImageRef.optional(),
  first: ImageRef.optional(),
  last: ImageRef.optional(),
  references: z.array(ImageRef).max(32).optional(),
  duration: z.number().int().positive().optional(),
  resolution: z.string().min(1).optional(),
  seed: z.number().int().min(0).max(SEED_MAX).optional(),
  audio: z.boolean().optional(),
  /** Not a body field: what this draft continues, recorded in the result's sidecar. */
  continues: Continues.optional(),
})
export type Draft = z.infer<typeof Draft>

/** An image in the content-addressed input store. */
export const InputImage = z.object({
  hash: z.string(),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
})
export type InputImage = z.infer<typeof InputImage>

/** What will actually be sent for one image after fitting it to the model's limits. */
export const PreparedImage = z.object({
  hash: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  mime: z.string(),
  resized: z.boolean(),
})
export type PreparedImage = z.infer<typeof PreparedImage>
