import { z } from 'zod'
import { Mode } from './catalog'
import { Continues, Draft } from './draft'
import { SidecarInput, SidecarModel } from './library'

/** The version of the settings a video carries under SETTINGS_TAG (shared/media.ts). */
export const EMBEDDED_VERSION = 1

/** The most settings text read from a video: a sidecar's worth is a few kilobytes. */
export const MAX_EMBEDDED_CHARS = 1_000_000

/**
 * What every video Reelbox saves carries inside it (issue 16 item 4): how it was made, so a copy
 * sent in Slack or put on a drive still says so, and dropping it back onto Reelbox restores it.
 * The sidecar's generation facts, never the designer's marks, a key or a signed URL: addresses
 * keep only their origin and path (electron/core/library/settings.ts).
 */
export const EmbeddedSettings = z.object({
  reelbox: z.literal(EMBEDDED_VERSION),
  /** The library item id it was saved as (`<jobId>-<n>`): a copy dropped back is known. */
  id: z.string().min(1).max(200),
  prompt: z.string(),
  model: SidecarModel,
  mode: Mode,
  /** The body as sent, images as references (with the seed, duration, resolution …). */
  params: z.record(z.string(), z.unknown()),
  draft: Draft,
  /** Input images by content hash (the input store finds them again on this computer). */
  inputs: z.array(SidecarInput),
  continues: Continues.optional(),
  service: z.object({ baseUrl: z.string(), sandbox: z.boolean() }),
  submittedAt: z.number(),
  finishedAt: z.number(),
})
export type EmbeddedSettings = z.infer<typeof EmbeddedSettings>
