/**
 * Where in an answer a field Reelbox reads probably is, when the profile's path finds nothing
 * there: a search of the answer for keys that look like it ("state" for a status, an http(s)
 * string for a result URL), nearest to the path the profile gave. Only ever a suggestion, for
 * the designer (the profile tester, the message of an unreadable result); never read silently.
 */
export type LikelyField = 'taskId' | 'status' | 'urls' | 'poster' | 'progress' | 'reason' | 'message' | 'code' | 'field' | 'requestId'

const WEB = /^https?:\/\/\S+$/i
const POSTER_KEY = /cover|poster|thumb|preview|snapshot|frame|image|still/i
const IMAGE_FILE = /\.(jpe?g|png|webp|gif)(\?|#|$)/i
const NUMBER_TEXT = /^\d+(\.\d+)?%?$/

const isPoster = (key: string, url: string): boolean => POSTER_KEY.test(key) || IMAGE_FILE.test(url)
const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** Per field: whether a key and its value look like it. */
const looksLike: Record<LikelyField, (key: string, value: unknown) => boolean> = {
  taskId: (key, value) => /^(task_?id|job_?id|id)$/i.test(key) && (text(value) || typeof value === 'number'),
  status: (key, value) => /^(task_?)?(status|state)$/i.test(key) && text(value),
  urls: (key, value) => text(value) && WEB.test(value) && !isPoster(key, value),
  poster: (key, value) => text(value) && WEB.test(value) && isPoster(key, value),
  progress: (key, value) => /progress|percent/i.test(key) && (typeof value === 'number' || (text(value) && NUMBER_TEXT.test(value))),
  reason: (key, value) => /reason|fail|error/i.test(key) && text(value),
  message: (key, value) => /^(message|msg|detail|description|error_?message|error)$/i.test(key) && text(value),
  code: (key, value) => /^(code|type|error_?code|error_?type)$/i.test(key) && (text(value) || typeof value === 'number'),
  field: (key, value) => /^(param|parameter|field|field_?name)$/i.test(key) && text(value),
  requestId: (key, value) => /^(request_?id|req_?id|trace_?id)$/i.test(key) && text(value),
}

const MAX_DEPTH = 8
const MAX_NODES = 2000

interface Candidate {
  path: string
  segments: string[]
}

/**
 * The likeliest path for `field` in `json`, nearest to `near` (the profile's own path), never
 * one of `except`. Result URLs and posters in a list of objects come back with `[]`
 * ("data.outputs[].url"), a list of URLs as the list ("data.urls"); elsewhere a list is read at
 * its first element ("errors.0.message").
 */
export function likelyPath(json: unknown, field: LikelyField, near?: string, except: readonly string[] = []): string | undefined {
  const lists = field === 'urls' || field === 'poster'
  const found: Candidate[] = []
  let nodes = 0

  function visit(node: unknown, segments: string[], listed: boolean): void {
    if (++nodes > MAX_NODES || segments.length > MAX_DEPTH || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) return
    for (const [key, value] of Object.entries(node)) {
      const here = [...segments, key]
      if (looksLike[field](key, value)) found.push({ path: here.join('.'), segments: here })
      if (Array.isArray(value)) visitList(value, key, here, listed)
      else visit(value, here, listed)
    }
  }

  function visitList(list: unknown[], key: string, here: string[], listed: boolean): void {
    const first = list.find((item) => item !== null && item !== undefined)
    if (lists && list.length > 0 && list.every((item) => typeof item === 'string') && looksLike[field](key, first)) {
      found.push({ path: here.join('.'), segments: here })
    } else if (lists && !listed && first !== null && typeof first === 'object' && !Array.isArray(first)) {
      visit(first, [...here.slice(0, -1), `${key}[]`], true)
    } else if (!lists) {
      visit(first, [...here, '0'], listed)
    }
  }

  visit(json, [], false)
  const nearSegments = (near ?? '').replace(/\[\]/g, '').split('.')
  const nearness = (c: Candidate): number => {
    let shared = 0
    while (shared < c.segments.length && c.segments[shared]!.replace('[]', '') === nearSegments[shared]) shared++
    return shared
  }
  const best = found
    .filter((c) => !except.includes(c.path))
    .sort((a, b) => nearness(b) - nearness(a) || a.segments.length - b.segments.length)[0]
  return best?.path
}
