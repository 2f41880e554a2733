import { z } from 'zod'
import { Mode } from './catalog'
import { SEED_MAX } from './seed'

/** The most shots in one storyboard: a 60 s piece is a dozen or two. */
export const MAX_STORYBOARD_SHOTS = 200

const RelativePath = z.string().trim().min(1, 'a path to an image file, relative to the storyboard file').max(1000)

/**
 * One shot of a storyboard file (issue 28 item 1), as the designer writes it by hand. Image paths
 * are relative to the storyboard file. `continues: true`: the shot's first frame is the previous
 * shot's last frame (i2v on that frame, exact, full resolution, as Continue does).
 */
/**
 * The id of a board, and of a shot on its board: edits from several machines land on the shot
 * wherever it has moved, and on the board whatever it is called.
 */
export const StoryboardId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'an id of letters, digits, - and _')

export const StoryboardShot = z.strictObject({
  id: StoryboardId.optional(),
  prompt: z.string().max(20_000),
  model: z.string().trim().min(1, 'a model ID (see `reelbox models`)'),
  mode: Mode,
  duration: z.number().int().positive().optional(),
  resolution: z.string().trim().min(1).optional(),
  seed: z.number().int().min(0).max(SEED_MAX).optional(),
  image: RelativePath.optional(),
  first: RelativePath.optional(),
  last: RelativePath.optional(),
  refs: z.array(RelativePath).max(32).optional(),
  continues: z.boolean().optional(),
})
export type StoryboardShot = z.infer<typeof StoryboardShot>

/**
 * `NAME.storyboard.json`: the board the designer plans, exactly the format. One size for
 * the whole board (so the takes join without re-encoding) is each shot's own `resolution`, set for
 * every shot at once by `shared/rules/board-resolution.ts`, never a field of the board's.
 */
export const Storyboard = z.strictObject({
  /**
   * The board's own id, kept when it is renamed; with `writer` (the one machine that rewrites this
   * file) written by Reelbox. Both absent in boards written by hand or before: see storyboards/board-key.ts.
   */
  id: StoryboardId.optional(),
  writer: z.string().max(40).optional(),
  title: z.string().max(200),
  shots: z.array(StoryboardShot).min(1, 'a storyboard needs a shot').max(MAX_STORYBOARD_SHOTS),
})
export type Storyboard = z.infer<typeof Storyboard>

/** One shot's takes, in the order they were made; `picked` is the one the film and the next shot use. */
export const ShotTakes = z.object({
  /** The settings the picked take was made with (storyboards/plan.ts `fingerprintOf`); a shot whose settings now differ is stale. */
  fingerprint: z.string(),
  takes: z.array(z.string().min(1)),
  picked: z.string().min(1),
})
export type ShotTakes = z.infer<typeof ShotTakes>

/**
 * `NAME.takes.json` beside the board: which library item is each shot's take, by the shot's place.
 * The app owns it, so the board stays the designer's to edit by hand.
 */
export const StoryboardTakes = z.object({
  reelbox: z.literal(1),
  shots: z.array(ShotTakes.nullable()),
})
export type StoryboardTakes = z.infer<typeof StoryboardTakes>

/**
 * Where a shot stands: made with its current settings, to be made, made but since changed, or
 * made but its picked take is gone from the library (deleted here or on another machine): to be
 * made again, like a new shot, and said as such so nobody thinks the film is whole.
 */
export type ShotState = 'made' | 'new' | 'stale' | 'missing'
