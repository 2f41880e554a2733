import { z } from 'zod'
import { Mode } from './catalog'
import { Continues, Draft } from './draft'

/** The sidecar format this build writes. */
export const SIDECAR_VERSION = 1

export const SidecarInput = z.object({
  /** Where it goes in the body: image, headtailImages.first, characterImages.2 … */
  role: z.string(),
  kind: z.enum(['file', 'url']),
  hash: z.string().optional(),
  url: z.string().optional(),
  name: z.string().optional(),
})
export type SidecarInput = z.infer<typeof SidecarInput>

/** What the library measures from a video file itself (issue 4 item 7). */
const VideoFacts = z.object({
  file: z.string(),
  durationSec: z.number().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  codec: z.string().optional(),
  size: z.number().int(),
  /**
   * The file as the service delivered it, before Reelbox wrote its settings into it (issue 16
   * item 4): only the index changes, so the frames are the same bytes.
   */
  original: z.object({ size: z.number().int(), sha256: z.string() }).optional(),
})

/**
 * When each mark was last set, so two machines editing one item merge instead of overwriting
 * (issue 27): favourite and rating are last-writer-wins by `at`; a tag is present while its
 * `added` is newer than its `removed` (an untag records the add it saw, so it never removes an add
 * made meanwhile elsewhere). Times are ms since the epoch. Absent in sidecars written before.
 */
export const MarkStamps = z.object({
  favourite: z.object({ value: z.boolean(), at: z.number() }).optional(),
  rating: z.object({ value: z.number().int().min(0).max(5), at: z.number() }).optional(),
  tags: z.record(z.string(), z.object({ added: z.number(), removed: z.number().optional() })).default({}),
})
export type MarkStamps = z.output<typeof MarkStamps>

/** The designer's own marks on an item, kept in its sidecar; `favourite`, `rating`, `tags` are what the stamps resolve to. */
const marks = {
  favourite: z.boolean().default(false),
  rating: z.number().int().min(0).max(5).default(0),
  tags: z.array(z.string()).default([]),
  stamps: MarkStamps.optional(),
  /**
   * The one machine that rewrites this file with the marks merged from every machine's change log
   * (`.reelbox-shared/`), so no two machines write it; absent in sidecars from before, where the
   * first machine to change a mark takes it.
   */
  writer: z.string().optional(),
}

/**
 * What a job cost at the price when it was queued (shared/rules/price.ts `JobCost`), in minor
 * units; `free` on the Sandbox. Kept on the job and in its result's sidecar.
 */
export const JobCost = z.object({ minor: z.number().int().nonnegative(), currency: z.string(), example: z.boolean().optional(), free: z.boolean().optional() })

/**
 * Who made a result (issue 27): the OS user and the machine's host name, as the shell tells the
 * engine, so a studio sharing one library sees whose each video is.
 */
export const MadeBy = z.object({
  user: z.string(),
  machine: z.string(),
  /** The name they gave in Settings, when they gave one. */
  name: z.string().optional(),
})
export type MadeBy = z.infer<typeof MadeBy>

/** The model a video was made with, as its sidecar (and the settings inside it) name it. */
export const SidecarModel = z.object({ id: z.string(), family: z.string(), version: z.string(), displayName: z.string().optional() })

/**
 * One finished video, as its JSON sidecar says (the folder is the truth; the index is a cache).
 * Written next to the video as `<video name>.json`; versioned so older sidecars can be read.
 */
export const Sidecar = z.object({
  schemaVersion: z.literal(SIDECAR_VERSION),
  id: z.string(),
  prompt: z.string(),
  model: SidecarModel,
  mode: Mode,
  /** Every body field as sent, with images replaced by their references and no secrets. */
  params: z.record(z.string(), z.unknown()),
  draft: Draft,
  inputs: z.array(SidecarInput),
  service: z.object({ baseUrl: z.string(), taskId: z.string().optional(), requestId: z.string().optional(), sandbox: z.boolean() }),
  jobId: z.string().optional(),
  /** Shared by the results of jobs submitted together (variations; several models at once). */
  batchId: z.string().optional(),
  /** What the job cost at the price when it was sent; absent when unknown (or made before prices). */
  cost: JobCost.optional(),
  /** The item whose frame this one starts from (lineage; the draft's `continues`). */
  continues: Continues.optional(),
  /** Who made it; absent in sidecars written before issue 27. */
  madeBy: MadeBy.optional(),
  submittedAt: z.number(),
  finishedAt: z.number(),
  media: VideoFacts.extend({ poster: z.string().optional() }),
  ...marks,
})
export type Sidecar = z.output<typeof Sidecar>

/**
 * A sidecar Reelbox writes for a video the designer put into the folder by hand, the first time
 * they favourite, rate or tag it (there is no generation to record; the video stays theirs).
 */
export const AddedSidecar = z.object({
  schemaVersion: z.literal(SIDECAR_VERSION),
  id: z.string(),
  origin: z.literal('added'),
  /** An exported sequence (its clips are named inside the video, `com.reelbox.sequence`), not a video added by hand. */
  sequence: z.boolean().optional(),
  /** When the video was first seen (its modification time then). */
  finishedAt: z.number(),
  media: VideoFacts,
  ...marks,
})
export type AddedSidecar = z.output<typeof AddedSidecar>

/** What the grid needs for one tile; small, so pages of them cross the bridge cheaply. */
export const LibraryItem = z.object({
  id: z.string(),
  /**
   * `generated`: a Reelbox result with a full sidecar; `sequence`: clips exported as one video
   * (issue 22 item 10); `added`: a video put in the folder by hand.
   */
  origin: z.enum(['generated', 'added', 'sequence']),
  prompt: z.string(),
  /** Empty for a video added by hand. */
  modelId: z.string(),
  family: z.string(),
  version: z.string(),
  /** Absent for a video added by hand. */
  mode: Mode.optional(),
  finishedAt: z.number(),
  durationSec: z.number().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  favourite: z.boolean(),
  rating: z.number().int(),
  tags: z.array(z.string()),
  sandbox: z.boolean(),
  hasPoster: z.boolean(),
  /** The video's file name (no folder); shown, never used to read. */
  fileName: z.string(),
  /** The subfolder it lives in, `/`-separated, '' at the top (the designer may organise). */
  folder: z.string(),
  /** The item it continues (lineage), when it was made from another clip's frame. */
  continues: z.string().optional(),
  /** Who made it (its sidecar's `madeBy`), when known. */
  madeBy: MadeBy.optional(),
})
export type LibraryItem = z.infer<typeof LibraryItem>

export const LibraryQuery = z.strictObject({
  search: z.string().max(500).optional(),
  modelIds: z.array(z.string()).optional(),
  families: z.array(z.string()).optional(),
  modes: z.array(Mode).optional(),
  /** finishedAt ≥ from (ms since epoch). */
  from: z.number().optional(),
  /** finishedAt < to (ms since epoch): pass the start of the day after the last day shown. */
  to: z.number().optional(),
  favourite: z.boolean().optional(),
  minRating: z.number().int().min(0).max(5).optional(),
  /** Items carrying every one of these tags. (Models, families and modes match any of theirs.) */
  tags: z.array(z.string()).optional(),
  /** Items made by any of these users (`madeBy.user`). */
  makers: z.array(z.string()).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
})
export type LibraryQuery = z.input<typeof LibraryQuery>

/**
 * Opaque media ids: the renderer never names a path. `video/<itemId>`, `poster/<itemId>`,
 * `input/<sha256>`; the engine resolves them through the index and the input store.
 */
export const MediaKind = z.enum(['video', 'poster', 'input'])
export type MediaKind = z.infer<typeof MediaKind>

/* The renderer builds media URLs with `mediaUrl` from shared/media.ts (no zod there). */
