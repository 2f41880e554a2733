import type { Mode } from '../../shared/catalog'
import { englishSize } from '../../shared/format'
import type { AppError } from '../../shared/errors'
import { formatMoney } from '../../shared/rules/price'
import { say } from '../../shared/locales'
import { bytesToFree, type FoundShape, type ImageAt, type OtherFileKind, type Problem, type ProblemCode, type ProblemParams } from '../../shared/rules/problems'

/**
 * The CLI's own English for every problem the engine reports as a code (shared/rules/problems.ts).
 * The app words the same codes through vue-i18n; a missing code here is a compile error.
 */

const modeNames: Record<Mode, string> = { t2v: 'text-to-video', i2v: 'first-frame', 'first-last': 'first-and-last-frame', reference: 'reference' }
const fieldNouns: Record<ProblemParams['field.notTaken']['field'], string> = {
  prompt: 'prompt',
  image: 'image',
  first: 'first frame',
  last: 'last frame',
  references: 'reference images',
  duration: 'duration',
  resolution: 'resolution',
}
const otherKinds: Record<OtherFileKind, string> = {
  pdf: 'a PDF document',
  zip: 'a ZIP archive (or an Office document)',
  heic: 'a HEIC photo (export it as JPEG or PNG)',
  avif: 'an AVIF image (export it as JPEG or PNG)',
  video: 'a video file',
  audio: 'an audio file',
  tiff: 'a TIFF image (export it as PNG or JPEG)',
  bmp: 'a BMP image (export it as PNG or JPEG)',
  psd: 'a Photoshop document (export it as PNG or JPEG)',
  svg: 'an SVG drawing (export it as PNG)',
  html: 'a web page (HTML)',
  text: 'a text file',
}
const ACCEPTED = say('en', 'formats.images')

const money = (minor: number, currency: string): string => formatMoney({ minor, currency }, 'en')
/** A counted noun, by the catalogue's plural rule (the CLI's sentences are English). */
const plural = (count: number, noun: 'object' | 'list' | 'number' | 'text' | 'value' | 'referenceImage'): string => say('en', `terminal.count.${noun}`, { count })
const range = (min: number, max: number): string => (min === max ? `exactly ${max}` : `${min}–${max}`)
const inMode = (mode: Mode): string => `in ${modeNames[mode]} mode`

export function megapixels(pixels: number): string {
  return `${(pixels / 1_000_000).toFixed(pixels < 10_000_000 ? 1 : 0)} megapixels`
}


const shapes: Record<FoundShape, (count: number) => string> = {
  nothing: () => 'nothing',
  objects: (n) => `a list of ${plural(n, 'object')}`,
  lists: (n) => `a list of ${plural(n, 'list')}`,
  numbers: (n) => `a list of ${plural(n, 'number')}`,
  texts: (n) => `a list of ${plural(n, 'text')}`,
  mixed: (n) => `a list of ${plural(n, 'value')} of different kinds`,
  object: () => 'an object',
  number: () => 'a number',
  boolean: () => 'true or false',
  text: () => 'a text',
}

/** "data.outputs is a list of 2 objects; try data.outputs[].url" */
function atPath(p: { path: string; found: FoundShape; count?: number; suggestion?: string }): string {
  const found = p.found === 'nothing' ? `nothing is at ${p.path}` : `${p.path} is ${shapes[p.found](p.count ?? 0)}`
  return `${found}${p.suggestion ? `; try ${p.suggestion}` : ''}`
}

/** "the first frame (cat.png)", "reference 2 (https://…)", or the file name alone. */
function image(at: ImageAt): string {
  const slot = at.slot === 'reference' ? `reference ${at.index ?? ''}`.trim() : at.slot && `the ${at.slot === 'image' ? 'image' : `${at.slot} frame`}`
  return slot ? `${slot} (${at.name})` : at.name
}

/** "is 1280×720", "has no sound": how one clip looks in the respect in which clips differ. */
function clipHow(what: ProblemParams['sequence.clipDiffers']['what'], value: string): string {
  if (what === 'sound') return value === 'none' ? 'has no sound' : `has sound (${value})`
  const how = { size: 'is', codec: 'is encoded as', rotation: 'is turned', encoding: 'was encoded with parameters', soundFormat: 'has sound as' } as const
  return `${how[what]} ${value}`
}

const sourceRefused: Record<ProblemParams['source.refused']['why'], (p: ProblemParams['source.refused']) => string> = {
  notText: (p) => `${p.name} is not a text file (a catalogue is JSON)`,
  tooLarge: (p) => `${p.name} is larger than ${Math.round((p.maxBytes ?? 0) / 1024 / 1024)} MB; a catalogue is a small JSON file`,
  empty: (p) => `${p.name} is empty`,
  notUrl: (p) => `"${p.name}" is not a URL`,
  notWeb: (p) => `only http and https URLs can be imported, not ${p.protocol}`,
  emptyAnswer: (p) => `${p.name} answered with an empty body`,
}
const moveRefused: Record<ProblemParams['move.refused']['why'], (p: ProblemParams['move.refused']) => string> = {
  same: () => 'is already the library folder',
  inside: () => 'cannot be inside the current library folder',
  contains: () => 'cannot contain the current library folder',
  file: () => 'is a file, not a folder',
  notEmpty: (p) => `must be empty or new (it holds ${p.count} ${p.count === 1 ? 'entry' : 'entries'})`,
  notWritable: () => 'cannot be written to',
  noParent: (p) => `cannot be created: ${p.parent} does not exist`,
  cannotCreate: (p) => `cannot be created: ${p.reason}`,
  busy: () => 'wait for the move under way to finish',
}

const english: { [C in ProblemCode]: (p: ProblemParams[C]) => string } = {
  'model.unknown': (p) => `no model "${p.model}" in the catalogue (see \`reelbox models\`)`,
  'mode.unsupported': (p) => `${p.model} has no ${modeNames[p.mode]} mode (it offers ${p.offered.map((m) => modeNames[m]).join(', ')})`,
  'field.notTaken': (p) => `${p.model} takes no ${fieldNouns[p.field]} ${inMode(p.mode)}`,
  'prompt.required': (p) => `write a prompt: ${p.model} needs one ${inMode(p.mode)}`,
  'prompt.tooLong': (p) => `the prompt is ${p.length} characters; ${p.model} takes at most ${p.max}`,
  'image.required': (p) => `add an image: ${p.model} needs one ${inMode(p.mode)}`,
  'frame.required': (p) => `add the ${p.frame} frame: ${p.model} needs both frames ${inMode(p.mode)}`,
  'references.tooFew': (p) => `add ${p.min === p.max ? '' : 'at least '}${plural(p.min, 'referenceImage')}: ${p.model} takes ${range(p.min, p.max)}`,
  'references.tooMany': (p) => `${plural(p.count, 'referenceImage')} given; ${p.model} takes at most ${p.max}`,
  'duration.notOffered': (p) => `${p.value} s is not offered by ${p.model}; choose ${p.allowed.map((d) => `${d} s`).join(', ')}`,
  'resolution.notOffered': (p) => `${p.value} is not offered by ${p.model}; choose ${p.allowed.join(', ')}`,
  'seed.notTaken': (p) => `${p.model} takes no seed, so results cannot be repeated; drop the seed`,
  'seed.required': (p) => `${p.model} needs a seed`,
  'audio.notTaken': (p) => `${p.model} cannot generate audio`,
  'image.gone': (p) => `${image(p)} is no longer in the input store; add it again`,
  'image.badAspect': (p) =>
    `${image(p)} is ${p.width}×${p.height} (width/height ${Number((p.width / p.height).toPrecision(3))}); ${p.model} takes width/height between ${p.min} and ${p.max}: crop it`,
  'image.tooSmall': (p) => `${image(p)} is ${p.width}×${p.height}; the model needs at least ${p.minSide} px on each side`,
  'image.tooThin': (p) =>
    `${image(p)} is ${p.width}×${p.height}; scaled down to the model's ${megapixels(p.maxPixels)} it would be ${p.fittedWidth}×${p.fittedHeight}, under the ${p.minSide} px minimum side`,
  'image.cannotShrink': (p) => `${image(p)} cannot be made smaller than ${englishSize(p.maxBytes)} (the model's limit) without going under ${p.minSide} px`,
  'image.cropOutside': (p) => `the crop lies outside ${p.name} (${p.width}×${p.height})`,
  'file.missing': (p) => `no file at ${p.name}`,
  'file.folder': (p) => `${p.name} is a folder, not a file`,
  'file.notRegular': (p) => `${p.name} is not a regular file`,
  'file.unreadable': (p) => `cannot read ${p.name} (${p.reason === 'permission' ? 'permission denied' : p.reason === 'folder' ? 'it is a folder' : p.reason})`,
  'file.empty': (p) => `${p.name} is empty (0 bytes)`,
  'file.tooLarge': (p) => `${p.name} is ${englishSize(p.bytes)}; Reelbox takes at most ${englishSize(p.max)}`,
  'file.notImage': (p) => (p.kind ? `${p.name} is ${otherKinds[p.kind]}, not an image Reelbox can use (${ACCEPTED})` : `${p.name} is not a ${ACCEPTED} image`),
  'file.undecodable': (p) => `${p.name} looks like a ${p.format.toUpperCase()} but cannot be read (${p.reason})`,
  'file.damaged': (p) => `${p.name} is a damaged ${p.format.toUpperCase()} file (${p.reason})`,
  'file.tooManyPixels': (p) => `${p.name} is ${p.width}×${p.height} (${megapixels(p.width * p.height)}); Reelbox takes images up to ${megapixels(p.max)}`,
  'disk.full': (p) => {
    const free = bytesToFree(p)
    return `not enough space in ${p.folder}: ${free === undefined ? `${englishSize(p.freeBytes)} free, free some more` : `free ${englishSize(free)}`}`
  },
  'folder.notWritable': (p) =>
    `the ${p.kind === 'library' ? 'library' : 'data'} folder ${p.folder} ${p.reason === 'readOnly' ? 'is read-only' : p.reason === 'missing' ? 'is not there (is its drive connected?)' : 'cannot be written (permission denied)'}`,
  'key.missing': (p) => `there is no API key for “${p.connection}” here: set REELBOX_API_KEY, or add the key in the app's Settings`,
  'video.notWhole': (p) => `${p.name} is not a whole MP4 or MOV video: it ${p.reason}`,
  'sequence.empty': () => 'a sequence needs at least one clip',
  'sequence.clipGone': (p) => `clip ${p.index} (${p.id}) is no longer in the library`,
  'sequence.clipDiffers': (p) =>
    `clip ${p.index} (${p.name}) ${p.what === 'encoding' ? `was encoded with other settings than clip 1 (${p.first})` : `${clipHow(p.what, p.found)}, and clip 1 (${p.first}) ${clipHow(p.what, p.expected)}`}; clips are joined without re-encoding, so they must match (same model and resolution)`,
  'budget.over': (p) => {
    const [spent, estimate, budget] = [p.spent, p.estimate, p.budget].map((minor) => money(minor, p.currency))
    const [period, flag] = p.period === 'day' ? ['daily', '--daily'] : ['monthly', '--monthly']
    return `this would take “${p.connection}” past its ${period} budget: ${spent} spent ${p.period === 'day' ? 'today' : 'this month'}, this submission ≈ ${estimate}, budget ${budget}; nothing was sent (raise it with \`reelbox budget ${flag} AMOUNT\`)`
  },
  'budget.unknownPrice': (p) =>
    `“${p.connection}” has a budget and ${p.models.join(', ')} ${p.models.length === 1 ? 'has' : 'have'} no price in the catalogue, so the cost is unknown; nothing was sent (allow unknown prices in the app's Settings → Cost, or clear the budget with \`reelbox budget --clear\`)`,
  'price.mixed': (p) => `prices in ${p.currencies.join(' and ')} cannot be added together; nothing was sent`,
  'cost.overLimit': (p) =>
    p.estimate === undefined
      ? `the estimate is unknown (${(p.models ?? []).join(', ')} ${(p.models ?? []).length === 1 ? 'has' : 'have'} no price), above --max-cost ${money(p.limit, p.currency)}; nothing was sent`
      : `the estimate ${money(p.estimate, p.currency)} is above --max-cost ${money(p.limit, p.currency)}; nothing was sent`,
  'service.refused': (p) => `the service refused ${p.field}: ${p.said}`,
  'input.invalid': (p) => p.reason,
  'result.unreadable': (p) => `the service says the task is "${p.status}" but its result URLs cannot be read: ${atPath(p)}`,
  'answer.missing': (p) => `nothing at ${p.paths.join(', ')}${p.suggestion ? `; the answer has ${p.suggestion}` : ''}`,
  'answer.unreadable': (p) => atPath(p),
  'answer.notJson': (p) => `the answer is not JSON (${p.reason})`,
  'pack.refused': (p) => `${p.file} is not a usable service pack: ${p.field ? `${p.field}: ` : ''}${p.detail}; nothing was imported`,
  'source.refused': (p) => sourceRefused[p.why](p),
  'source.unreachable': (p) => (p.why === 'status' ? `${p.name} answered HTTP ${p.status}` : p.why === 'timeout' ? `${p.name} did not answer within ${p.seconds} s` : `could not fetch ${p.name}: ${p.reason}`),
  'poster.refused': (p) => (p.why === 'format' ? `the poster must be JPEG or PNG, not ${p.format}` : `the poster cannot be decoded (${p.reason})`),
  'move.refused': (p) => moveRefused[p.why](p),
  'folder.unreadable': (p) => `cannot read the folder ${p.folder} (${p.reason})`,
}

export function describeProblem(found: Problem): string {
  return (english[found.code] as (params: Problem['params']) => string)(found.params)
}

/** What is wrong, without the field it was found under (the caller names the flag). */
export function describeWhat(error: AppError): string {
  const found = error.problem ?? Object.values(error.fieldProblems ?? {}).flat()[0]
  return found ? describeProblem(found) : error.message
}

/**
 * An engine error in one English line: its problems worded ("prompt: the prompt is 935
 * characters; …"), else its message (the CLI's own errors, and the engine's for logs).
 */
export function describe(error: AppError): string {
  const fields = Object.entries(error.fieldProblems ?? {}).filter(([, found]) => found.length > 0)
  if (fields.length > 0) return fields.map(([field, found]) => `${field ? `${field}: ` : ''}${found.map(describeProblem).join('; ')}`).join('; ')
  return error.problem ? describeProblem(error.problem) : error.message
}
