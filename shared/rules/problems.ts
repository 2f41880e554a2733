import type { Mode } from '../catalog'
import type { PackCheck } from '../pack'
import type { Phase } from '../phases'

/**
 * What can be wrong with a draft, an image or an input, as data: a code and its params (issue 11
 * item 4). The engine never words a problem for the designer; the renderer words it through
 * vue-i18n in their language (`renderer/src/i18n/<locale>/problems.ts`) and the CLI in English
 * (`electron/cli/messages.ts`). Zod-free: the renderer imports it.
 */

/** The Draft keys a field problem can sit under (the Create form shows it beside that field). */
export type DraftField = 'modelId' | 'mode' | 'prompt' | 'image' | 'first' | 'last' | 'references' | 'duration' | 'resolution' | 'seed' | 'audio'

/**
 * Which image: its file name (or URL) and, when the problem is about a draft, its slot, its place
 * among the references (1-based) and, for the `image` slot, the mode (it is the first frame in
 * one mode and the starting image in another, and named as the form names it).
 */
export interface ImageAt {
  name: string
  slot?: 'image' | 'first' | 'last' | 'reference'
  index?: number
  mode?: Mode
}

interface ModelMode {
  /** The model's display name, as the catalogue gives it. */
  model: string
  mode: Mode
}

/** The image formats Reelbox reads, and what else a dropped file turned out to be. */
export type ImageFormatName = 'png' | 'jpeg' | 'webp' | 'gif'
export type OtherFileKind = 'pdf' | 'zip' | 'heic' | 'avif' | 'video' | 'audio' | 'tiff' | 'bmp' | 'psd' | 'svg' | 'html' | 'text'

/**
 * Why a video is not whole: what it is instead (empty, WebM, a web page, text, not a video), or
 * what its MP4 lacks (cut short, no index, an unreadable index, fragmented, no video track or
 * frames, data that ends early or frames outside it, a last frame that cannot be decoded), or
 * that it cannot be read at all (the reader's own words in `detail`).
 */
export type VideoFlaw =
  | 'empty'
  | 'webm'
  | 'webPage'
  | 'text'
  | 'notVideo'
  | 'cutShort'
  | 'noIndex'
  | 'badIndex'
  | 'fragmented'
  | 'noVideoTrack'
  | 'noFrames'
  | 'endsEarly'
  | 'framesOutside'
  | 'lastFrameUndecodable'
  | 'unreadable'

/** What a path of a service profile found in an answer, when it is not what Reelbox reads there. */
export type FoundShape = 'nothing' | 'objects' | 'lists' | 'numbers' | 'texts' | 'mixed' | 'object' | 'number' | 'boolean' | 'text'

/** What an answer holds at a path (`count` for a list), and where a value likely is instead. */
interface AtPath {
  path: string
  found: FoundShape
  count?: number
  suggestion?: string
}

export interface ProblemParams {
  // --- a draft against its model (shared/rules/fields.ts) -----------------------------------
  'model.unknown': { model: string }
  'mode.unsupported': ModelMode & { offered: Mode[] }
  /** A value in a slot this model and mode has no body field for (§2.1 rule 1). */
  'field.notTaken': ModelMode & { field: 'prompt' | 'image' | 'first' | 'last' | 'references' | 'duration' | 'resolution' }
  'prompt.required': ModelMode
  /** Lengths in characters as a person counts them (code points). */
  'prompt.tooLong': { length: number; max: number; model: string }
  'image.required': ModelMode
  'frame.required': ModelMode & { frame: 'first' | 'last' }
  'references.tooFew': { count: number; min: number; max: number; model: string }
  'references.tooMany': { count: number; max: number; model: string }
  'duration.notOffered': { value: number; allowed: number[]; model: string }
  'resolution.notOffered': { value: string; allowed: string[]; model: string }
  'seed.notTaken': { model: string }
  'seed.required': { model: string }
  'audio.notTaken': { model: string }
  // --- an image against its model's limits (shared/rules/images.ts, electron/core/images) ----
  'image.gone': ImageAt
  'image.badAspect': ImageAt & { width: number; height: number; min: number; max: number; model: string }
  'image.tooSmall': ImageAt & { width: number; height: number; minSide: number }
  /** Scaled down to the model's pixel limit, a side would fall under its minimum. */
  'image.tooThin': ImageAt & { width: number; height: number; fittedWidth: number; fittedHeight: number; maxPixels: number; minSide: number }
  'image.cannotShrink': ImageAt & { maxBytes: number; minSide: number }
  /** A crop rectangle that does not lie inside the image (its size as displayed). */
  'image.cropOutside': { name: string; width: number; height: number }
  // --- a file brought in (electron/core/images/inspect.ts, electron/core/files/dropped.ts) ----
  'file.missing': { name: string }
  'file.folder': { name: string }
  'file.notRegular': { name: string }
  /** `reason`: the system's word (permission, a folder, an errno code), for the CLI and logs. */
  'file.unreadable': { name: string; reason: string }
  'file.empty': { name: string }
  'file.tooLarge': { name: string; bytes: number; max: number }
  'file.notImage': { name: string; kind?: OtherFileKind }
  /** `reason`: the decoder's words, for the CLI and logs. */
  'file.undecodable': { name: string; format: ImageFormatName; reason: string }
  'file.damaged': { name: string; format: ImageFormatName; reason: string }
  'file.tooManyPixels': { name: string; width: number; height: number; max: number }
  // --- what a job waits for (a paused job, electron/core/jobs/pause.ts) ----------------------
  /** A write failed for want of space; `needBytes` when known (the result's size, or what was written). */
  'disk.full': { folder: string; freeBytes: number; needBytes?: number }
  /** A folder Reelbox must write cannot be written: read-only, not there (a drive unplugged), or denied. */
  'folder.notWritable': { folder: string; kind: 'library' | 'data'; reason: 'readOnly' | 'missing' | 'denied' }
  /** The job's connection has no API key here (one kept for a session that has ended). */
  'key.missing': { connection: string }
  // --- a storyboard (electron/core/storyboards) ----------------------------------------------
  /** A keyframe the board names is not on disk: `shot` counted from 1, `name` its path as the board writes it. */
  'keyframe.missing': { shot: number; name: string }
  // --- a video brought in, clips joined (electron/core/library/import-video.ts, core/sequences) --
  /**
   * `why`: what the video check found (`VideoFlaw`), worded by `problemWords.video`; `detail` the
   * underlying reader's own words (`unreadable`), quoted as they are. `shot`: the clip is that
   * shot of a storyboard's film (1-based), named "shot N (name)".
   */
  'video.notWhole': { name: string; why: VideoFlaw; detail?: string; shot?: number }
  // --- a take's last frame, for Continue and a continuing shot (electron/core/media/last-frame.ts) --
  /** The take's codec is not H.264 Baseline (the engine's own decoder) and there is no ffmpeg here. `codec`: its name and codec string ("H.264 High (avc1.640028)"), null when the file does not say. */
  'frame.needsFfmpeg': { name: string; codec: string | null }
  /**
   * ffmpeg (`ffmpeg`: its path) gave no last frame. `why`: `failed` (its own words in `detail`),
   * `timeout` (after `detail` seconds), `short` (the stream decoded to fewer frames than the `detail`
   * its index lists), `unusable` (it cannot be run; the system's reason in `detail`).
   */
  'frame.ffmpegFailed': { name: string; codec: string | null; ffmpeg: string; why: 'failed' | 'timeout' | 'short' | 'unusable'; detail: string }
  'sequence.empty': { clips: number }
  /** A clip of the sequence is no longer in the library (deleted, or its folder unplugged). */
  'sequence.clipGone': { index: number; id: string }
  /**
   * Clip `index` (1-based) cannot follow clip 1 without re-encoding: `what` differs, `expected` is
   * clip 1's, `found` this clip's (a size `1280×720`, a codec `avc1.64001f`, a sound `aac, 48000 Hz,
   * stereo`; an encoding is a digest of the encoder's parameters, named, never shown). `shots`: the
   * clips are a storyboard's shots, so clip `index` is named "shot `index` (name)" and clip 1 "shot 1 (first)".
   */
  'sequence.clipDiffers': { index: number; name: string; first: string; shots?: boolean; what: 'codec' | 'size' | 'rotation' | 'encoding' | 'sound' | 'soundFormat'; expected: string; found: string }
  // --- a storyboard of the library (electron/core/storyboards) -------------------------------
  /** One resolution for the board: these shots' models (numbered from 1) do not offer it in their mode. */
  'storyboard.resolutionNotOffered': { resolution: string; shots: number[] }
  /** A board is renamed to a name another board (or its takes or keyframe folder) already has. */
  'storyboard.nameTaken': { name: string }
  /** A board's name that cannot be a file name: empty, too long, a leading dot or one of / \\ : * ? " < > |. */
  'storyboard.nameInvalid': { name: string }
  // --- cost (issue 26): amounts in minor units of `currency` (cents), worded with Intl ---------
  /** The submission would take a connection past its daily or monthly budget; nothing was sent. */
  'budget.over': { connection: string; period: 'day' | 'month'; spent: number; estimate: number; budget: number; currency: string }
  /** A connection has a budget and these models have no price (the designer has not allowed unknown prices). */
  'budget.unknownPrice': { connection: string; models: string[] }
  /** Prices in different currencies are never added together. */
  'price.mixed': { currencies: string[] }
  /** `--max-cost`: the estimate is above the limit (`estimate` absent: the price is unknown). */
  'cost.overLimit': { estimate?: number; limit: number; currency: string; models?: string[] }
  // --- anything else ------------------------------------------------------------------------
  /** The service refused a body field; `said` is its own words (§2.2 `message`), quoted as is. */
  'service.refused': { field: string; said: string }
  /**
   * An input that failed its schema at the router (a shape the UI should never send). `issue` is
   * the schema's kind (too_big, invalid_type …), `limit` its bound when it has one, and `reason`
   * the schema's English words, for the CLI and logs only.
   */
  'input.invalid': { path: string; issue: string; limit?: number; reason: string }
  // --- a service's answer read under its profile (electron/core/service) ---------------------
  /** The service calls the task a success (`status`, its word) but its result URLs cannot be read. */
  'result.unreadable': AtPath & { status: string }
  /**
   * A result that was fetched and not kept (electron/core/downloads): `notVideo` with what the
   * check found (`flaw`, worded by `problemWords.video`; `detail` a reader's own words), `tooLarge`
   * over Settings' limit per result (`max` bytes), `contentType` a type that is not a video's.
   */
  'result.refused': { why: 'notVideo' | 'tooLarge' | 'contentType'; flaw?: VideoFlaw; detail?: string; max?: number; type?: string }
  /** The profile tester: nothing at any of `paths`; `suggestion`, a likely place instead. */
  'answer.missing': { paths: string[]; suggestion?: string }
  /** The profile tester: something at the path, but not what is read there (URLs, a poster). */
  'answer.unreadable': AtPath
  /** The profile tester: the answer given to it is not JSON. */
  'answer.notJson': { reason: string }
  // --- a service pack (shared/pack.ts) ---------------------------------------------------------
  /**
   * A service pack that was not imported: `file` its name, `field` the dotted path inside it ("" for
   * the whole file), `why` the kind of refusal, `check` what was wrong (shared/pack.ts `PackCheck`,
   * worded by each reader) and `detail` that in English (logs, and packs refused before `check`).
   */
  'pack.refused': { file: string; field: string; why: 'notJson' | 'version' | 'unknown' | 'invalid'; detail: string; check?: PackCheck }
  // --- a catalogue imported from a file or an address (core/catalog/sources.ts) ---------------
  'source.refused': { name: string; why: 'notText' | 'tooLarge' | 'empty' | 'notUrl' | 'notWeb' | 'emptyAnswer'; maxBytes?: number; protocol?: string }
  'source.unreachable': { name: string; why: 'status' | 'timeout' | 'network'; status?: number; seconds?: number; reason?: string }
  /** A poster given for a library item (core/library/posters.ts). */
  'poster.refused': { why: 'empty' | 'tooLarge' | 'unreadable' | 'format' | 'undecodable'; megabytes?: number; format?: string; reason?: string }
  /** Where the library cannot move to (core/library/move.ts); `count` entries already there. */
  'move.refused': { why: 'same' | 'inside' | 'contains' | 'file' | 'notEmpty' | 'notWritable' | 'noParent' | 'cannotCreate' | 'busy'; count?: number; parent?: string; reason?: string }
  'folder.unreadable': { folder: string; reason: string }
  // --- a storyboard run (core/storyboards/run.ts) ----------------------------------------------
  /**
   * A shot the run could not give a take: it `waits` for shot `shot` (1-based), which has none; or
   * its job `job` is done without a video (`noVideo`), may or may not have reached the service
   * (`inDoubt`), or is in `phase` (failed, stopped, paused; still under way, for a run without --wait).
   */
  'shot.notMade': { why: 'waits' | 'noVideo' | 'inDoubt' | 'phase'; shot?: number; job?: string; phase?: Exclude<Phase, 'done' | 'unknown'> }
  /**
   * A change or an export of the storyboard `board` refused (core/storyboards): it is not there, or
   * not a board Reelbox can change (`notChangeable`); it has no shot `shot` (it has `shots`); its
   * last shot cannot go; shot `shot` has no take `take`, or none yet (`noTake`; `count` shots for a
   * film made outside the library); its take `take` (the file name, else the item id) is gone from
   * the library (`takeGone`: deleted here or on another machine).
   */
  /**
   * A storyboard file that cannot be read or planned (core/storyboards/board-file.ts): `file` as
   * given; the shot (1-based) and where in it (`at`, a dotted path) or where in the board; `detail`
   * the system's, the JSON parser's or the schema's own English, for the CLI and logs. A takes file
   * is `takesUnreadable` or `takesNotOurs`.
   */
  'storyboard.invalid': {
    file: string
    why: 'missing' | 'unreadable' | 'notJson' | 'schema' | 'firstContinues' | 'continueMode' | 'continueImage' | 'takesUnreadable' | 'takesNotOurs'
    shot?: number
    at?: string
    mode?: string
    detail?: string
  }
  'storyboard.refused': { board: string; why: 'notFound' | 'notChangeable' | 'noSuchShot' | 'lastShot' | 'noSuchTake' | 'noTake' | 'takesMissing' | 'shotGone' | 'takeGone'; shot?: number; shots?: number; take?: string; count?: number }
}

export type ProblemCode = keyof ProblemParams
export type Problem = { [C in ProblemCode]: { code: C; params: ProblemParams[C] } }[ProblemCode]

/** Problems by field: Draft keys for a draft, the procedure's input path otherwise. */
export type FieldProblems = Record<string, Problem[]>

const everyCode = {
  'model.unknown': true,
  'mode.unsupported': true,
  'field.notTaken': true,
  'prompt.required': true,
  'prompt.tooLong': true,
  'image.required': true,
  'frame.required': true,
  'references.tooFew': true,
  'references.tooMany': true,
  'duration.notOffered': true,
  'resolution.notOffered': true,
  'seed.notTaken': true,
  'seed.required': true,
  'audio.notTaken': true,
  'image.gone': true,
  'image.badAspect': true,
  'image.tooSmall': true,
  'image.tooThin': true,
  'image.cannotShrink': true,
  'image.cropOutside': true,
  'file.missing': true,
  'file.folder': true,
  'file.notRegular': true,
  'file.unreadable': true,
  'file.empty': true,
  'file.tooLarge': true,
  'file.notImage': true,
  'file.undecodable': true,
  'file.damaged': true,
  'file.tooManyPixels': true,
  'disk.full': true,
  'folder.notWritable': true,
  'key.missing': true,
  'keyframe.missing': true,
  'video.notWhole': true,
  'frame.needsFfmpeg': true,
  'frame.ffmpegFailed': true,
  'sequence.empty': true,
  'sequence.clipGone': true,
  'sequence.clipDiffers': true,
  'storyboard.resolutionNotOffered': true,
  'storyboard.nameTaken': true,
  'storyboard.nameInvalid': true,
  'budget.over': true,
  'budget.unknownPrice': true,
  'price.mixed': true,
  'cost.overLimit': true,
  'service.refused': true,
  'input.invalid': true,
  'result.unreadable': true,
  'result.refused': true,
  'answer.missing': true,
  'answer.unreadable': true,
  'answer.notJson': true,
  'pack.refused': true,
  'source.refused': true,
  'source.unreachable': true,
  'poster.refused': true,
  'move.refused': true,
  'folder.unreadable': true,
  'shot.notMade': true,
  'storyboard.refused': true,
  'storyboard.invalid': true,
} as const satisfies Record<ProblemCode, true>

/** Every code, for the contract's schema and the tests that every one has words. */
export const problemCodes = Object.keys(everyCode) as ProblemCode[]

export function problem<C extends ProblemCode>(code: C, params: ProblemParams[C]): Extract<Problem, { code: C }> {
  return { code, params } as Extract<Problem, { code: C }>
}

/** A problem as one line for logs: `prompt.tooLong {"length":935,"max":800,"model":"Kestrel 2.1"}`. */
export function problemLine(p: Problem): string {
  return `${p.code} ${JSON.stringify(p.params)}`
}

const known: ReadonlySet<string> = new Set(problemCodes)

/** A problem read from the wire or a journal, or undefined when `value` is not one. */
export function readProblem(value: unknown): Problem | undefined {
  if (!value || typeof value !== 'object') return undefined
  const { code, params } = value as { code?: unknown; params?: unknown }
  return typeof code === 'string' && known.has(code) && params !== null && typeof params === 'object' ? (value as Problem) : undefined
}

/**
 * `details.fields` read from the wire or a journal. A job journaled before problems had codes
 * holds English sentences: each becomes `input.invalid` with that sentence as its reason.
 */
export function readFieldProblems(value: unknown): FieldProblems | undefined {
  if (!value || typeof value !== 'object') return undefined
  const fields: FieldProblems = {}
  for (const [path, found] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(found)) continue
    fields[path] = found.flatMap((item): Problem[] => {
      if (typeof item === 'string') return [problem('input.invalid', { path, issue: 'custom', reason: item })]
      const read = readProblem(item)
      return read ? [read] : []
    })
  }
  return fields
}

/** Room kept beyond what a write needs, so a paused job does not resume only to fill the disk again. */
export const SPACE_MARGIN = 1024 * 1024

/** How much to free before a job waiting for space goes on; undefined when its need is not known. */
export function bytesToFree(p: ProblemParams['disk.full']): number | undefined {
  return p.needBytes === undefined ? undefined : Math.max(SPACE_MARGIN, p.needBytes + SPACE_MARGIN - p.freeBytes)
}
