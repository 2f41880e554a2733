import { z } from 'zod'
import { LibraryItem } from '../library'
import { Storyboard, StoryboardId, StoryboardShot } from '../storyboard'
import { EstimateWire } from './cost'
import { procedure } from './define'
import { ProblemSchema } from './drafts'

/**
 * A board of the library's `Storyboards/` folder, by name (`<name>.storyboard.json`): the page
 * never names a path. The CLI reads a board anywhere (`reelbox storyboard run FILE`).
 */
export const StoryboardName = z
  .string()
  .trim()
  .min(1, 'a storyboard needs a name')
  .max(120, 'a name has at most 120 characters')
  .regex(/^[^/\\:*?"<>|\0.][^/\\:*?"<>|\0]*$/, 'a name without / \\ : * ? " < > | and not starting with a dot')
const Named = z.strictObject({ name: StoryboardName })

/**
 * Each shot where it stands: its takes in the library (item ids, oldest first; a deleted one is
 * never offered), the picked one, and whether it is to be made. `missing`: the picked take is gone
 * from the library (`picked` still names it, `takeName` its file as this machine last saw it).
 */
export const ShotStatus = z.object({
  index: z.number().int(),
  /** The shot's own id: every change names the shot by it, so it lands wherever another machine moved the shot. */
  id: StoryboardId,
  state: z.enum(['made', 'new', 'stale', 'missing']),
  /** A take of the shot is being made now (a job of this machine at work on it), whoever asked and whatever the page did since. */
  making: z.boolean(),
  takes: z.array(z.string()),
  picked: z.string().nullable(),
  /** The picked take's file name; null when there is none, or this machine never saw a take since gone. */
  takeName: z.string().nullable(),
  /** Each keyframe of the shot (its path as the board writes it) by its input store hash, to show it. */
  pictures: z.record(z.string(), z.string()),
  /** The keyframes the shot names that are not on disk (paths as the board writes them): the board opens, Generate refuses. */
  missing: z.array(z.string()),
  /** Fields another machine changed over this one's edit: who (their designer's name) and the value they replaced, to take back. */
  overruled: z.array(z.object({ field: z.string(), who: z.string(), mine: z.unknown() })),
})
/** `estimate`: what Generate all would send (every new or stale shot not being made already), priced as `cost.estimate` prices a submission. */
/** `running`: this engine is making the board's shots (Generate all), whichever page asked. */
export const StoryboardView = z.object({ name: z.string(), running: z.boolean(), board: Storyboard, shots: z.array(ShotStatus), estimate: EstimateWire })
export type StoryboardView = z.infer<typeof StoryboardView>

/** A shot of a board of the library whose picked take is one of the items asked about (shots from 1). */
export const TakeUse = z.object({ itemId: z.string(), name: z.string(), title: z.string(), shot: z.number().int().min(1) })
export type TakeUse = z.infer<typeof TakeUse>

/** `problem`: why a shot has no take (`shot.notMade`), worded by the page and the CLI. */
export const ShotOutcome = z.object({ index: z.number().int(), itemId: z.string().nullable(), made: z.boolean(), problem: ProblemSchema.optional() })

/** One shot's fields as `storyboards.edit` sets them: a value, or null to take an optional field out. */
export const ShotEdit = z
  .strictObject({
    prompt: StoryboardShot.shape.prompt,
    model: StoryboardShot.shape.model,
    mode: StoryboardShot.shape.mode,
    duration: StoryboardShot.shape.duration.unwrap().nullable(),
    resolution: StoryboardShot.shape.resolution.unwrap().nullable(),
    seed: StoryboardShot.shape.seed.unwrap().nullable(),
    image: StoryboardShot.shape.image.unwrap().nullable(),
    first: StoryboardShot.shape.first.unwrap().nullable(),
    last: StoryboardShot.shape.last.unwrap().nullable(),
    refs: StoryboardShot.shape.refs.unwrap().nullable(),
    continues: StoryboardShot.shape.continues.unwrap().nullable(),
  })
  .partial()
export type ShotEdit = z.infer<typeof ShotEdit>

/** Boards another machine changed (or this one's other process), by their ids (`board.id`): a page showing one reads it again. */
export const StoryboardsChanged = z.object({ boards: z.array(z.string()) })

export const storyboardsEvents = {
  'storyboards.changed': StoryboardsChanged,
}

export const storyboardsProcedures = {
  /** The library's boards, by name. */
  'storyboards.list': procedure(z.void(), z.array(z.object({ name: z.string(), title: z.string(), shots: z.number().int() }))),
  'storyboards.get': procedure(Named, StoryboardView),
  /**
   * Sets some of one shot's fields (null takes a field out): only those, never the whole board,
   * so what another machine changed meanwhile stays. Paths are relative to the `Storyboards/` folder.
   */
  'storyboards.edit': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardId, set: ShotEdit }), StoryboardView),
  /** A new shot after the last. */
  'storyboards.addShot': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardShot }), StoryboardView),
  /** Brings a removed shot back where it was, with its takes (Undo). */
  'storyboards.restoreShot': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardId }), StoryboardView),
  /**
   * Generate all: makes every shot that is new or stale, in order (a continuing shot on the
   * last frame of the take before), and answers when each has its take or cannot have one.
   * With `shot`: regenerate that one (another take, picked) and the shots that continue from it.
   */
  'storyboards.run': procedure(z.strictObject({ name: StoryboardName, shot: z.number().int().min(0).optional() }), z.object({ shots: z.array(ShotOutcome) })),
  /**
   * New board: written as `<its title>.storyboard.json` (or `<title> 2`… when that name is taken),
   * never over a board that is there; answers it with the name it got.
   */
  'storyboards.create': procedure(z.strictObject({ board: Storyboard }), StoryboardView),
  /** Removes a shot and its takes (their videos stay in the library); the last shot stays. */
  'storyboards.removeShot': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardId }), StoryboardView),
  /**
   * A keyframe for a shot: an image taken in by `inputs.import` / `inputs.importPath` (by its
   * hash), kept beside the board in `Storyboards/<name>/` and named in the shot by a path relative
   * to the board. `refs` adds a reference; `image`, `first` and `last` are set.
   */
  'storyboards.keyframe': procedure(
    z.strictObject({ name: StoryboardName, shot: StoryboardId, slot: z.enum(['image', 'first', 'last', 'refs']), hash: z.string().regex(/^[a-f0-9]{64}$/, 'must be a sha-256 hex digest') }),
    StoryboardView,
  ),
  /** Moves a shot to another place (`to`, from 0), its takes with it; a shot that lands first continues nothing. */
  'storyboards.move': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardId, to: z.number().int().min(0) }), StoryboardView),
  /** Picks one of a shot's takes; the shots that continue from it become stale. */
  'storyboards.pick': procedure(z.strictObject({ name: StoryboardName, shot: StoryboardId, itemId: z.string().min(1).max(200) }), StoryboardView),
  /**
   * Renames a board: its file, its takes and its keyframe folder, and its title, to `to` (checked
   * by the engine, which names a name that is taken or cannot be a file name). Answers the board
   * under its new name.
   */
  'storyboards.rename': procedure(z.strictObject({ name: StoryboardName, to: z.string().max(1000) }), StoryboardView),
  /**
   * One resolution for the whole board: written into every shot's `resolution` (shots already
   * making it are left alone); refused, naming them, when a shot's model does not offer it.
   */
  'storyboards.resolution': procedure(z.strictObject({ name: StoryboardName, resolution: z.string().trim().min(1).max(40) }), StoryboardView),
  /**
   * Which shots of the library's boards play these items (their picked take), by board name and
   * shot: what deleting them would leave without a take. A board whose takes cannot be read is left out.
   */
  'storyboards.uses': procedure(z.strictObject({ ids: z.array(z.string().min(1).max(200)).min(1).max(1000) }), z.array(TakeUse)),
  /** The film: the picked takes joined by packet copy into the library's `Sequences/` folder, the board inside it. */
  'storyboards.export': procedure(Named, z.object({ item: LibraryItem, durationSec: z.number() })),
}
