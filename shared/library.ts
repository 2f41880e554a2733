import { z } from 'zod'
import { Mode } from './catalog'
import { Draft } from './draft'

/**
 * One finished video, as its JSON sidecar says (the folder is the truth; the index is a cache).
 * Written next to the video as `<video name>.json`; versioned so older sidecars can be read.
 */
export const SIDECAR_VERSION = 1

export const SidecarInput = z.object({
  /** Where it goes in the body: image, headtailImages.first, characterImages.2 … */
  role: z.string(),
  kind: z.enum(['file', 'url']),
  hash: z.string().optional(),
  url: z.string().optional(),
  name: z.string().optional(),
})

export const Sidecar = z.object({
  schemaVersion: z.literal(SIDECAR_VERSION),
  id: z.string(),
  prompt: z.string(),
  model: z.object({ id: z.string(), family: z.string(), version: z.string(), displayName: z.string().optional() }),
  mode: Mode,
  /** Every body field as sent, with images replaced by their references and no secrets. */
  params: z.record(z.string(), z.unknown()),
  draft: Draft,
  inputs: z.array(SidecarInput),
  service: z.object({ baseUrl: z.string(), taskId: z.string().optional(), requestId: z.string().optional(), sandbox: z.boolean() }),
  jobId: z.string().optional(),
  submittedAt: z.number(),
  finishedAt: z.number(),
  media: z.object({
    file: z.string(),
    poster: z.string().optional(),
    durationSec: z.number().optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    codec: z.string().optional(),
    size: z.number().int(),
  }),
  favourite: z.boolean().default(false),
  rating: z.number().int().min(0).max(5).default(0),
  tags: z.array(z.string()).default([]),
})
export type Sidecar = z.output<typeof Sidecar>

/** What the grid needs for one tile; small, so pages of them cross the bridge cheaply. */
export const LibraryItem = z.object({
  id: z.string(),
  prompt: z.string(),
  modelId: z.string(),
  family: z.string(),
  version: z.string(),
  mode: Mode,
  finishedAt: z.number(),
  durationSec: z.number().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  favourite: z.boolean(),
  rating: z.number().int(),
  tags: z.array(z.string()),
  sandbox: z.boolean(),
  hasPoster: z.boolean(),
  fileName: z.string(),
})
export type LibraryItem = z.infer<typeof LibraryItem>

export const LibraryQuery = z.strictObject({
  search: z.string().max(500).optional(),
  modelIds: z.array(z.string()).optional(),
  families: z.array(z.string()).optional(),
  modes: z.array(Mode).optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  favourite: z.boolean().optional(),
  minRating: z.number().int().min(0).max(5).optional(),
  tags: z.array(z.string()).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
})
export type LibraryQuery = z.input<typeof LibraryQuery>

/** Opaque media ids: the renderer never names a path. */
export const MediaKind = z.enum(['video', 'poster', 'input'])
export type MediaKind = z.infer<typeof MediaKind>
