import { useI18n } from 'vue-i18n'
import type { Mode } from '@shared/catalog'
import type { AppError } from '@shared/errors'
import { bytesToFree, type FoundShape, type ImageAt, type Problem, type ProblemCode, type ProblemParams } from '@shared/rules/problems'
import { formatMoney } from '@shared/rules/price'
import { sizeText } from '@shared/rules/resolutions'
import { count, fileSize, pixels, shape } from '@/format'

type Named = Record<string, unknown>

/** Which param a code's message counts, for the locale's plural forms. */
const counted: Partial<{ [C in ProblemCode]: (p: ProblemParams[C]) => number }> = {
  'references.tooFew': (p) => p.min,
  'references.tooMany': (p) => p.count,
  'move.refused': (p) => p.count ?? 1,
  'storyboard.refused': (p) => p.count ?? 1,
  'storyboard.resolutionNotOffered': (p) => p.shots.length,
}

/**
 * The designer's words for what the engine found wrong (issue 11 item 4): every problem code in
 * the current language (`i18n/<locale>/problems.ts`), its params formatted for that locale (mode
 * names, sizes, lists). The engine's own English (`AppError.message`) is for logs; an error that
 * carries no problem is worded by its code, except in English, where the engine's sentence is
 * already the designer's language and says more.
 */
export function useProblemText() {
  const { t, te, locale } = useI18n()
  const num = (n: number): string => count(n, locale.value)
  const list = (items: readonly string[]): string => items.join(t('problems.words.separator'))
  // A mode has one name everywhere (common.modes), quoted inside a sentence.
  const mode = (m: Mode): string => t('problems.words.mode', { name: t(`common.modes.${m}`) })
  const megapixels = (n: number): string => t('problemWords.megapixels', { value: num(Number((n / 1_000_000).toFixed(n < 10_000_000 ? 1 : 0))) })
  const image = (at: ImageAt): string => {
    if (!at.slot) return at.name
    const slot = at.slot === 'image' && at.mode ? `imageIn.${at.mode}` : at.slot
    return t('problems.words.named', { what: t(`problems.words.slots.${slot}`, { n: at.index ?? '' }), name: at.name })
  }
  const range = (min: number, max: number): string => (min === max ? t('problems.words.exactly', { n: num(max) }) : t('problems.words.range', { min: num(min), max: num(max) }))
  const money = (minor: number, currency: string): string => formatMoney({ minor, currency }, locale.value)
  const seconds = (n: number): string => t('problemWords.seconds', { value: n })
  /** "is 1280×720", "has no sound": how one clip of a sequence looks in the respect that differs. */
  const clipHow = (what: ProblemParams['sequence.clipDiffers']['what'], value: string): string =>
    what === 'sound' ? t(value === 'none' ? 'problemWords.clip.noSound' : 'problems.words.clip.sound') : what === 'encoding' ? '' : t(`problemWords.clip.${what}`, { value })
  /** A clip by its name, or "shot 2 (take.mp4)" when it is one of a storyboard's shots. */
  const clip = (name: string, shot: number | undefined): string => (shot === undefined ? name : t('problemWords.shot', { n: num(shot), file: name }))
  /** What a profile's path found in an answer, and where to look instead. */
  const atPath = (p: { path: string; found: FoundShape; count?: number; suggestion?: string }): Named => ({
    found: t(`problems.words.found.${p.found}`, { path: p.path, n: num(p.count ?? 0) }, p.count ?? 0),
    tryIt: p.suggestion ? t('problems.words.tryIt', { path: p.suggestion }) : '',
  })

  const named: { [C in ProblemCode]: (p: ProblemParams[C]) => Named } = {
    'model.unknown': (p) => p,
    'mode.unsupported': (p) => ({ model: p.model, mode: mode(p.mode), offered: list(p.offered.map(mode)) }),
    'field.notTaken': (p) => ({ model: p.model, mode: mode(p.mode), what: t(`problemWords.fields.${p.field}`) }),
    'prompt.required': (p) => ({ model: p.model, mode: mode(p.mode) }),
    'prompt.tooLong': (p) => ({ model: p.model, length: num(p.length), max: num(p.max) }),
    'image.required': (p) => ({ model: p.model, mode: mode(p.mode) }),
    'frame.required': (p) => ({ model: p.model, mode: mode(p.mode), frame: t(`problems.words.frames.${p.frame}`) }),
    'references.tooFew': (p) => ({ model: p.model, min: num(p.min), range: range(p.min, p.max) }),
    'references.tooMany': (p) => ({ model: p.model, count: num(p.count), max: num(p.max) }),
    'duration.notOffered': (p) => ({ model: p.model, value: seconds(p.value), allowed: list(p.allowed.map(seconds)) }),
    'resolution.notOffered': (p) => ({ model: p.model, value: p.value, allowed: list(p.allowed) }),
    'seed.notTaken': (p) => p,
    'seed.required': (p) => p,
    'audio.notTaken': (p) => p,
    'image.gone': (p) => ({ what: image(p) }),
    'image.badAspect': (p) => ({ what: image(p), shape: shape(p.width / p.height, locale.value), min: shape(p.min, locale.value), max: shape(p.max, locale.value), model: p.model }),
    'image.tooSmall': (p) => ({ what: image(p), size: pixels(p.width, p.height), minSide: num(p.minSide) }),
    'image.tooThin': (p) => ({ what: image(p), size: pixels(p.width, p.height), pixels: megapixels(p.maxPixels), fitted: pixels(p.fittedWidth, p.fittedHeight), minSide: num(p.minSide) }),
    'image.cannotShrink': (p) => ({ what: image(p), maxBytes: fileSize(p.maxBytes, locale.value), minSide: num(p.minSide) }),
    'image.cropOutside': (p) => ({ name: p.name, size: pixels(p.width, p.height) }),
    'file.missing': (p) => p,
    'file.folder': (p) => p,
    'file.notRegular': (p) => p,
    'file.unreadable': (p) => ({ name: p.name, why: p.reason === 'permission' || p.reason === 'folder' ? t(`problemWords.unreadable.${p.reason}`) : p.reason }),
    'file.empty': (p) => p,
    'file.tooLarge': (p) => ({ name: p.name, size: fileSize(p.bytes, locale.value), max: fileSize(p.max, locale.value) }),
    'file.notImage': (p) => ({ name: p.name, kind: t(`problemWords.kinds.${p.kind ?? 'unknown'}`) }),
    'file.undecodable': (p) => ({ name: p.name, format: p.format.toUpperCase() }),
    'file.damaged': (p) => ({ name: p.name, format: p.format.toUpperCase() }),
    'file.tooManyPixels': (p) => ({ name: p.name, size: pixels(p.width, p.height), pixels: megapixels(p.width * p.height), max: megapixels(p.max) }),
    'disk.full': (p) => {
      const free = bytesToFree(p)
      const action = free === undefined ? t('problems.words.space.some', { size: fileSize(p.freeBytes, locale.value) }) : t('problems.words.space.free', { size: fileSize(free, locale.value) })
      return { folder: p.folder, action }
    },
    'folder.notWritable': (p) => ({ folder: p.folder, kind: t(`problemWords.folders.${p.kind}`), why: t(`problems.words.notWritable.${p.reason}`) }),
    'key.missing': (p) => p,
    'video.notWhole': (p) => ({ name: clip(p.name, p.shot), reason: t(`problemWords.video.${p.why}`, { detail: p.detail ?? '' }) }),
    'frame.needsFfmpeg': (p) => ({ name: p.name, codec: p.codec ?? t('problems.words.unknownCodec') }),
    'frame.ffmpegFailed': (p) => ({ ...p, codec: p.codec ?? t('problems.words.unknownCodec') }),
    'sequence.empty': () => ({}),
    'keyframe.missing': (p) => ({ shot: num(p.shot), name: p.name }),
    'sequence.clipGone': (p) => ({ index: num(p.index) }),
    'sequence.clipDiffers': (p) => ({ index: num(p.index), name: p.name, first: p.first, how: clipHow(p.what, p.found), howFirst: clipHow(p.what, p.expected) }),
    'storyboard.resolutionNotOffered': (p) => ({ resolution: sizeText(p.resolution), shots: list(p.shots.map(num)) }),
    'storyboard.nameTaken': (p) => p,
    'storyboard.nameInvalid': (p) => p,
    'budget.over': (p) => ({ connection: p.connection, period: t(`problems.words.periods.${p.period}`), spent: money(p.spent, p.currency), estimate: money(p.estimate, p.currency), budget: money(p.budget, p.currency) }),
    'budget.unknownPrice': (p) => ({ connection: p.connection, models: list(p.models) }),
    'price.mixed': (p) => ({ currencies: list(p.currencies) }),
    'cost.overLimit': (p) => ({ estimate: p.estimate === undefined ? t('problems.words.unknownPrice') : money(p.estimate, p.currency), limit: money(p.limit, p.currency) }),
    'service.refused': (p) => p,
    'input.invalid': (p) => {
      const key = p.path.split('.').filter((part) => part !== 'draft')[0] ?? ''
      return { what: te(`problems.words.inputs.${key}`) ? t(`problems.words.inputs.${key}`) : p.path || '—', limit: p.limit === undefined ? '' : num(p.limit) }
    },
    'result.unreadable': (p) => ({ status: p.status, ...atPath(p) }),
    'result.refused': (p) => ({ reason: p.flaw ? t(`problemWords.video.${p.flaw}`, { detail: p.detail ?? '' }) : '', max: p.max === undefined ? '' : fileSize(p.max, locale.value), type: p.type ?? '' }),
    'answer.missing': (p) => ({ paths: list(p.paths), hasIt: p.suggestion ? t('problems.words.hasIt', { path: p.suggestion }) : '' }),
    'answer.unreadable': atPath,
    'answer.notJson': (p) => p,
    'pack.refused': (p) => ({ file: p.file, field: p.field || t('problems.words.pack.wholeFile'), why: t(`problems.words.pack.${p.why}`), detail: p.check ? t(`packChecks.${p.check.code}`, p.check) : p.detail }),
    'source.refused': (p) => ({ ...p, size: p.maxBytes === undefined ? '' : fileSize(p.maxBytes, locale.value) }),
    'source.unreachable': (p) => p,
    'poster.refused': (p) => p,
    'move.refused': (p) => p,
    'folder.unreadable': (p) => p,
    'storyboard.invalid': (p) => ({
      file: p.file,
      detail: p.detail ?? '',
      shot: p.shot === undefined ? '' : num(p.shot),
      before: p.shot === undefined ? '' : num(p.shot - 1),
      mode: p.mode ? mode(p.mode as Mode) : '',
      where: p.shot === undefined ? p.at || t('problems.words.board.whole') : p.at ? t('problems.words.board.shotAt', { shot: num(p.shot), at: p.at }) : t('problems.words.board.shot', { shot: num(p.shot) }),
    }),
    'storyboard.refused': (p) => ({ board: p.board, shot: p.shot === undefined ? '' : num(p.shot), shots: num(p.shots ?? 0), take: p.take ?? '', count: num(p.count ?? 0) }),
    'shot.notMade': (p) => ({ shot: p.shot === undefined ? '' : num(p.shot), job: p.job ?? '', phase: p.phase ? t(`problems.words.phases.${p.phase}`) : '' }),
  }

  /** The message's key under `problems.` (or `problems.short.`): some codes have a sentence per case. */
  function keyOf(found: Problem): string {
    if (found.code === 'sequence.clipDiffers') return `sequence.${found.params.shots ? 'shot' : 'clip'}${found.params.what === 'encoding' ? 'EncodedOtherwise' : 'Differs'}`
    // These have a sentence per case, under their `why`.
    if (found.code === 'source.refused' || found.code === 'source.unreachable' || found.code === 'poster.refused' || found.code === 'result.refused' || found.code === 'move.refused' || found.code === 'frame.ffmpegFailed' || found.code === 'shot.notMade' || found.code === 'storyboard.refused' || found.code === 'storyboard.invalid') return `${found.code}.${found.params.why}`
    if (found.code === 'image.badAspect') return `image.badAspect.${found.params.width / found.params.height > found.params.max ? 'wide' : 'tall'}`
    if (found.code !== 'input.invalid' || found.params.limit === undefined) return found.code
    return found.params.issue === 'too_big' ? 'input.tooBig' : found.params.issue === 'too_small' ? 'input.tooSmall' : 'input.invalid'
  }

  function say(key: string, found: Problem): string {
    const params = (named[found.code] as (p: Problem['params']) => Named)(found.params)
    const n = (counted[found.code] as ((p: Problem['params']) => number) | undefined)?.(found.params)
    return n === undefined ? t(key, params) : t(key, params, n)
  }

  /** One problem, as a sentence in the designer's language. */
  function problem(found: Problem): string {
    // A schema's own words say more than "is not valid", and they are English already.
    if (found.code === 'input.invalid' && keyOf(found) === 'input.invalid' && locale.value === 'en' && found.params.reason) return found.params.reason
    return say(`problems.${keyOf(found)}`, found)
  }

  /** The same in a few words, to follow the field's name (the Generate bar); the sentence when there are none. */
  function short(found: Problem): string {
    const key = `problems.short.${keyOf(found)}`
    return te(key) ? say(key, found) : problem(found)
  }

  /** An error from the engine: its problem when it has one, else its code (or, in English, its own words). */
  function error(appError: AppError): string {
    const first = appError.problem ?? Object.values(appError.fieldProblems ?? {}).flat()[0]
    if (first) return problem(first)
    return locale.value === 'en' ? appError.message : t(`problems.error.${appError.code}`)
  }

  /** A sentence of the engine's that carries no code (a shell's answer): shown in English only. */
  function englishOnly(message: string | undefined): string | undefined {
    return locale.value === 'en' ? message : undefined
  }

  /**
   * A line under a headline that already says what kind of error it was (the Queue's): the
   * engine's problem when it has one, its own words in English, nothing more otherwise.
   */
  function detail(appError: AppError): string | undefined {
    const first = appError.problem ?? Object.values(appError.fieldProblems ?? {}).flat()[0]
    if (first) return problem(first)
    return englishOnly(appError.message.trim() || undefined)
  }

  /** Every field's problems of an error, worded, by field (forms that show each under its input). */
  function fields(appError: AppError): Record<string, string[]> {
    return Object.fromEntries(Object.entries(appError.fieldProblems ?? {}).map(([field, found]) => [field, found.map(problem)]))
  }

  return { problem, short, error, detail, fields, englishOnly }
}
