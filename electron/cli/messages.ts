import type { Mode } from '../../shared/catalog'
import { englishSize } from '../../shared/format'
import type { AppError } from '../../shared/errors'
import { formatMoney } from '../../shared/rules/price'
import { bytesToFree, type FoundShape, type ImageAt, type Problem, type ProblemCode, type ProblemParams } from '../../shared/rules/problems'
import { locale, say } from './words'

/**
 * Every problem the engine reports as a code (shared/rules/problems.ts) in one line of the CLI's
 * language: the key of its sentence (shared/locales/<lang>/cli-problems.ts) and the parameters
 * that fill it, from the words every reader shares (`problemWords`). The app words the same codes
 * through vue-i18n; a missing code here is a compile error.
 */

const mode = (m: Mode): string => say(`cli.problems.words.modes.${m}`)
const inMode = (m: Mode): string => say('cli.problems.words.inMode', { mode: mode(m) })
const money = (minor: number, currency: string): string => formatMoney({ minor, currency }, locale)
const seconds = (value: number): string => say('problemWords.seconds', { value })
/** "a, b, c" in the terminal's language. */
const list = (items: readonly string[]): string => items.join(say('cli.problems.words.comma'))
/** "USD and EUR". */
const both = (items: readonly string[]): string => items.slice(1).reduce((first, second) => say('cli.problems.words.and', { first, second }), items[0] ?? '')
const referenceImages = (count: number): string => say('terminal.count.referenceImage', { count })
const range = (min: number, max: number): string => (min === max ? say('cli.problems.words.exactly', { max }) : say('cli.problems.words.between', { min, max }))

export function megapixels(pixels: number): string {
  return say('problemWords.megapixels', { value: (pixels / 1_000_000).toFixed(pixels < 10_000_000 ? 1 : 0) })
}

const counted = { objects: 'object', lists: 'list', numbers: 'number', texts: 'text', mixed: 'value' } as const

function shape(found: FoundShape, count: number): string {
  if (found === 'mixed') return say('cli.problems.words.shapes.mixed', { things: say('terminal.count.value', { count }) })
  if (found in counted) return say('cli.problems.words.shapes.list', { things: say(`terminal.count.${counted[found as keyof typeof counted]}`, { count }) })
  return say(`cli.problems.words.shapes.${found as Exclude<FoundShape, keyof typeof counted>}`)
}

/** "data.outputs is a list of 2 objects; try data.outputs[].url" */
function atPath(p: { path: string; found: FoundShape; count?: number; suggestion?: string }): string {
  const found = p.found === 'nothing' ? say('cli.problems.words.nothingAt', { path: p.path }) : say('cli.problems.words.isAt', { path: p.path, shape: shape(p.found, p.count ?? 0) })
  return p.suggestion ? say('cli.problems.words.tryInstead', { found, suggestion: p.suggestion }) : found
}

/** "the first frame (cat.png)", "reference 2 (https://…)", or the file name alone. */
function image(at: ImageAt): string {
  if (!at.slot) return at.name
  const slot = at.slot === 'reference' && at.index === undefined ? say('cli.problems.words.images.anyReference') : say(`cli.problems.words.images.${at.slot}`, { index: at.index ?? '' })
  return say('cli.problems.words.images.named', { slot, name: at.name })
}

/** "is 1280×720", "has no sound": how one clip looks in the respect in which clips differ. */
function clipHow(what: ProblemParams['sequence.clipDiffers']['what'], value: string): string {
  if (what === 'sound') return value === 'none' ? say('problemWords.clip.noSound') : say('cli.problems.words.clips.sound', { value })
  return say(`problemWords.clip.${what}`, { value })
}

/** A clip by its name, or "shot 2 (take.mp4)" when it is one of a storyboard's shots. */
const clip = (name: string, shot: number | undefined): string => (shot === undefined ? name : say('problemWords.shot', { n: shot, file: name }))

/** "lumen-1 has no price", "lumen-1, tern-1 have no price": the form follows how many models. */
const unpriced = (models: readonly string[]): { models: string; count: number } => ({ models: list(models), count: models.length })

const words: { [C in ProblemCode]: (p: ProblemParams[C]) => string } = {
  'model.unknown': (p) => say('cli.problems.model.unknown', p),
  'mode.unsupported': (p) => say('cli.problems.mode.unsupported', { model: p.model, mode: mode(p.mode), offered: list(p.offered.map(mode)) }),
  'field.notTaken': (p) => say('cli.problems.field.notTaken', { model: p.model, field: say(`problemWords.fields.${p.field}`), inMode: inMode(p.mode) }),
  'prompt.required': (p) => say('cli.problems.prompt.required', { model: p.model, inMode: inMode(p.mode) }),
  'prompt.tooLong': (p) => say('cli.problems.prompt.tooLong', p),
  'image.required': (p) => say('cli.problems.image.required', { model: p.model, inMode: inMode(p.mode) }),
  'frame.required': (p) => say('cli.problems.frame.required', { model: p.model, frame: say(`cli.problems.words.frames.${p.frame}`), inMode: inMode(p.mode) }),
  'references.tooFew': (p) => say(p.min === p.max ? 'cli.problems.references.tooFew' : 'cli.problems.references.tooFewAtLeast', { images: referenceImages(p.min), model: p.model, range: range(p.min, p.max) }),
  'references.tooMany': (p) => say('cli.problems.references.tooMany', { images: referenceImages(p.count), model: p.model, max: p.max }),
  'duration.notOffered': (p) => say('cli.problems.duration.notOffered', { value: seconds(p.value), model: p.model, allowed: list(p.allowed.map(seconds)) }),
  'resolution.notOffered': (p) => say('cli.problems.resolution.notOffered', { value: p.value, model: p.model, allowed: list(p.allowed) }),
  'seed.notTaken': (p) => say('cli.problems.seed.notTaken', p),
  'seed.required': (p) => say('cli.problems.seed.required', p),
  'audio.notTaken': (p) => say('cli.problems.audio.notTaken', p),
  'image.gone': (p) => say('cli.problems.image.gone', { image: image(p) }),
  'image.badAspect': (p) =>
    say('cli.problems.image.badAspect', { image: image(p), width: p.width, height: p.height, ratio: Number((p.width / p.height).toPrecision(3)), model: p.model, min: p.min, max: p.max }),
  'image.tooSmall': (p) => say('cli.problems.image.tooSmall', { image: image(p), width: p.width, height: p.height, minSide: p.minSide }),
  'image.tooThin': (p) =>
    say('cli.problems.image.tooThin', { image: image(p), width: p.width, height: p.height, megapixels: megapixels(p.maxPixels), fittedWidth: p.fittedWidth, fittedHeight: p.fittedHeight, minSide: p.minSide }),
  'image.cannotShrink': (p) => say('cli.problems.image.cannotShrink', { image: image(p), size: englishSize(p.maxBytes), minSide: p.minSide }),
  'image.cropOutside': (p) => say('cli.problems.image.cropOutside', p),
  'file.missing': (p) => say('cli.problems.file.missing', p),
  'file.folder': (p) => say('cli.problems.file.folder', p),
  'file.notRegular': (p) => say('cli.problems.file.notRegular', p),
  'file.unreadable': (p) =>
    say('cli.problems.file.unreadable', { name: p.name, reason: p.reason === 'permission' || p.reason === 'folder' ? say(`problemWords.unreadable.${p.reason}`) : p.reason }),
  'file.empty': (p) => say('cli.problems.file.empty', p),
  'file.tooLarge': (p) => say('cli.problems.file.tooLarge', { name: p.name, size: englishSize(p.bytes), max: englishSize(p.max) }),
  'file.notImage': (p) =>
    p.kind
      ? say('cli.problems.file.notImageKind', { name: p.name, kind: say(`problemWords.kinds.${p.kind}`), accepted: say('formats.images') })
      : say('cli.problems.file.notImage', { name: p.name, accepted: say('formats.images') }),
  'file.undecodable': (p) => say('cli.problems.file.undecodable', { name: p.name, format: p.format.toUpperCase(), reason: p.reason }),
  'file.damaged': (p) => say('cli.problems.file.damaged', { name: p.name, format: p.format.toUpperCase(), reason: p.reason }),
  'file.tooManyPixels': (p) => say('cli.problems.file.tooManyPixels', { name: p.name, width: p.width, height: p.height, megapixels: megapixels(p.width * p.height), max: megapixels(p.max) }),
  'disk.full': (p) => {
    const free = bytesToFree(p)
    return free === undefined ? say('cli.problems.disk.fullUnknown', { folder: p.folder, size: englishSize(p.freeBytes) }) : say('cli.problems.disk.full', { folder: p.folder, size: englishSize(free) })
  },
  'folder.notWritable': (p) => say(`cli.problems.folder.notWritable.${p.reason}`, { kind: say(`problemWords.folders.${p.kind}`), folder: p.folder }),
  'key.missing': (p) => say('cli.problems.key.missing', p),
  'video.notWhole': (p) => say('cli.problems.video.notWhole', { name: clip(p.name, p.shot), reason: say(`problemWords.video.${p.why}`, { detail: p.detail ?? '' }) }),
  'frame.needsFfmpeg': (p) => say('cli.problems.frame.needsFfmpeg', { name: p.name, codec: p.codec ?? say('cli.problems.words.unknownCodec') }),
  'frame.ffmpegFailed': (p) => say(`cli.problems.frame.ffmpegFailed.${p.why}`, { ...p, codec: p.codec ?? say('cli.problems.words.unknownCodec') }),
  'sequence.empty': () => say('cli.problems.sequence.empty'),
  // The CLI names the shot and field before the problem ("shot 2: first: …").
  'keyframe.missing': (p) => say('cli.problems.keyframe.missing', { name: p.name }),
  'sequence.clipGone': (p) => say('cli.problems.sequence.clipGone', p),
  'sequence.clipDiffers': (p) => {
    const named = { index: p.index, name: p.name, first: p.first }
    const of = p.shots ? 'shot' : 'clip'
    return p.what === 'encoding'
      ? say(`cli.problems.sequence.${of}Encoding`, named)
      : say(`cli.problems.sequence.${of}Differs`, { ...named, found: clipHow(p.what, p.found), expected: clipHow(p.what, p.expected) })
  },
  'storyboard.resolutionNotOffered': (p) => say('cli.problems.storyboard.resolutionNotOffered', { resolution: p.resolution, shots: list(p.shots.map(String)) }),
  'storyboard.nameTaken': (p) => say('cli.problems.storyboard.nameTaken', p),
  'storyboard.nameInvalid': (p) => say('cli.problems.storyboard.nameInvalid', p),
  'budget.over': (p) => {
    const [spent, estimate, budget] = [p.spent, p.estimate, p.budget].map((minor) => money(minor, p.currency))
    return say(p.period === 'day' ? 'cli.problems.budget.overDay' : 'cli.problems.budget.overMonth', { connection: p.connection, spent: spent!, estimate: estimate!, budget: budget! })
  },
  'budget.unknownPrice': (p) => say('cli.problems.budget.unknownPrice', { connection: p.connection, ...unpriced(p.models) }),
  'price.mixed': (p) => say('cli.problems.price.mixed', { currencies: both(p.currencies) }),
  'cost.overLimit': (p) =>
    p.estimate === undefined
      ? say('cli.problems.cost.unknownOverLimit', { ...unpriced(p.models ?? []), limit: money(p.limit, p.currency) })
      : say('cli.problems.cost.overLimit', { estimate: money(p.estimate, p.currency), limit: money(p.limit, p.currency) }),
  'service.refused': (p) => say('cli.problems.service.refused', p),
  'input.invalid': (p) => p.reason,
  'result.unreadable': (p) => say('cli.problems.result.unreadable', { status: p.status, where: atPath(p) }),
  'result.refused': (p) => say(`cli.problems.result.refused.${p.why}`, { reason: p.flaw ? say(`problemWords.video.${p.flaw}`, { detail: p.detail ?? '' }) : '', max: p.max === undefined ? '' : englishSize(p.max), type: p.type ?? '' }),
  'answer.missing': (p) => say(p.suggestion ? 'cli.problems.answer.missingTry' : 'cli.problems.answer.missing', { paths: list(p.paths), suggestion: p.suggestion ?? '' }),
  'answer.unreadable': (p) => atPath(p),
  'answer.notJson': (p) => say('cli.problems.answer.notJson', p),
  'pack.refused': (p) =>
    say(p.field ? 'cli.problems.pack.refusedField' : 'cli.problems.pack.refused', { file: p.file, field: p.field, detail: p.check ? say(`packChecks.${p.check.code}`, p.check) : p.detail }),
  'source.refused': (p) =>
    say(`cli.problems.source.refused.${p.why}`, { name: p.name, megabytes: Math.round((p.maxBytes ?? 0) / 1024 / 1024), protocol: p.protocol ?? '' }),
  'source.unreachable': (p) => say(`cli.problems.source.unreachable.${p.why}`, { name: p.name, status: p.status ?? '', seconds: p.seconds ?? '', reason: p.reason ?? '' }),
  'poster.refused': (p) => say(`cli.problems.poster.refused.${p.why}`, { format: p.format ?? '', reason: p.reason ?? '' }),
  'move.refused': (p) => say(`cli.problems.move.refused.${p.why}`, { count: p.count ?? 0, parent: p.parent ?? '', reason: p.reason ?? '' }),
  'folder.unreadable': (p) => say('cli.problems.folder.unreadable', p),
  'storyboard.invalid': (p) => {
    const params = { file: p.file, shot: p.shot ?? '', before: (p.shot ?? 1) - 1, at: p.at ?? '', mode: p.mode ?? '', detail: p.detail ?? '' }
    if (p.why !== 'schema') return say(`cli.problems.storyboard.invalid.${p.why}`, params)
    return say(p.shot === undefined ? (p.at ? 'cli.problems.storyboard.invalid.schemaAt' : 'cli.problems.storyboard.invalid.schema') : p.at ? 'cli.problems.storyboard.invalid.schemaShotAt' : 'cli.problems.storyboard.invalid.schemaShot', params)
  },
  'storyboard.refused': (p) => say(`cli.problems.storyboard.refused.${p.why}`, { board: p.board, shot: p.shot ?? '', shots: p.shots ?? 0, take: p.take ?? '', count: p.count ?? 0 }),
  'shot.notMade': (p) => say(`cli.problems.shot.notMade.${p.why}`, { shot: p.shot ?? '', job: p.job ?? '', phase: p.phase ?? '' }),
}

export function describeProblem(found: Problem): string {
  return (words[found.code] as (params: Problem['params']) => string)(found.params)
}

/** What is wrong, without the field it was found under (the caller names the flag). */
export function describeWhat(error: AppError): string {
  const found = error.problem ?? Object.values(error.fieldProblems ?? {}).flat()[0]
  return found ? describeProblem(found) : error.message
}

/** A field's path as the terminal names it: a storyboard shot's (`shots.2.duration`) is "shot 3: duration". */
function fieldName(field: string): string {
  const shot = /^shots\.(\d+)\.(.+)$/.exec(field)
  return shot ? say('cli.storyboard.shotField', { shot: Number(shot[1]) + 1, field: shot[2]! }) : field
}

/**
 * An engine error in one line: its problems worded ("prompt: the prompt is 935 characters; …"),
 * else its message (the CLI's own errors, and the engine's for logs).
 */
export function describe(error: AppError): string {
  const fields = Object.entries(error.fieldProblems ?? {}).filter(([, found]) => found.length > 0)
  const semicolon = say('cli.problems.words.semicolon')
  if (fields.length > 0) return fields.map(([field, found]) => `${field ? `${fieldName(field)}: ` : ''}${found.map(describeProblem).join(semicolon)}`).join(semicolon)
  return error.problem ? describeProblem(error.problem) : error.message
}
