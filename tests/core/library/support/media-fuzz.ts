/**
 * The media path fuzz (issue 5 item 5): many crafted ids and ranges against the media responder,
 * directly or over HTTP, counting escapes. An escape is any answer whose bytes are not exactly
 * (a slice of) a file the library legitimately serves; the canary planted outside the library
 * must never appear. `count` is a parameter: CI runs a few thousand, scripts/fuzz-media.mjs the
 * full 100,000.
 */
import { mulberry32 } from '../../../../electron/sandbox/random'

export interface FuzzCase {
  kind: string
  id: string
  range: string | undefined
}

export interface Served {
  status: number
  headers: Record<string, string | undefined>
  body: Buffer
}

export interface FuzzReport {
  count: number
  escapes: Array<{ case: FuzzCase; why: string }>
  byStatus: Record<number, number>
}

export const CANARY = 'REELBOX-CANARY-SECRET-3d1f'

const hostileIds = [
  '..', '.', '', '/', '\\', '../secret.txt', '../../secret.txt', '..\\secret.txt', '..%2fsecret.txt', '%2e%2e', '%2e%2e%2fsecret.txt',
  '%2E%2E%5Csecret.txt', '..%5c..%5csecret.txt', '%252e%252e%252f', '/etc/passwd', '\\etc\\passwd', 'C:\\Windows\\win.ini', 'C:/Windows/win.ini',
  'file:///etc/passwd', '\0', 'a\0b', '%00', 'video\0.mp4', '....//....//secret.txt', '.../...//', '~', '~/secret.txt', '$HOME', '%HOMEPATH%',
  '\u2025', '\uff0e\uff0e', '..\u2215secret.txt', '..\u29f5secret.txt', 'con', 'NUL', 'aux.mp4', '.reelbox', '.reelbox/staging', 'library-index',
  'inputs/../../secret.txt', 'a'.repeat(300), '0'.repeat(64), 'g'.repeat(64), '../' + 'a'.repeat(64),
]
const kinds = ['video', 'poster', 'input', 'VIDEO', 'Video', 'videos', '', '..', '%2e%2e', 'video/..', 'input/..', 'media', 'x', 'poster\0']
const fixedRanges = [
  undefined, '', 'bytes=0-', 'bytes=0-0', 'bytes=0-1', 'bytes=-1', 'bytes=-0', 'bytes=1-0', 'bytes=-', 'bytes=0--1', 'bytes=-5-', 'bytes=--5',
  'bytes=99999999999999999999-', 'bytes=0-99999999999999999999', 'bytes=-99999999999999999999', 'bytes=9007199254740993-', 'bytes=1e3-2e3',
  'bytes=0x10-0x20', 'bytes=0-1,2-3', 'bytes=0-1, 5-', 'items=0-1', 'bytes 0-1', 'bytes=abc', 'bytes= 1 - 2 ', 'BYTES=0-1', 'bytes=\u0661-\u0662',
  'bytes=-1.5', 'bytes=1.5-', 'bytes=\0-1', 'bytes=0-1\0', '=0-1', 'bytes', 'bytes=-9007199254740993', 'bytes=4294967296-', 'bytes=+1-2', 'bytes=-+1',
]

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T
}

function garbage(r: () => number, max: number): string {
  const length = Math.floor(r() * max)
  let s = ''
  for (let i = 0; i < length; i++) {
    const roll = r()
    s += roll < 0.6 ? String.fromCharCode(32 + Math.floor(r() * 95)) : roll < 0.8 ? pick(r, ['.', '/', '\\', '%', '..', '%2e', '%2f', '%5c', '\0']) : String.fromCodePoint(Math.floor(r() * 0x2ffff))
  }
  return s
}

/** One crafted request: legitimate ids mixed with traversal tricks, mutated legitimate ids, garbage. */
export function craftCase(r: () => number, legitIds: readonly string[], sizes: readonly number[]): FuzzCase {
  const base = pick(r, legitIds)
  const idRoll = r()
  const id =
    idRoll < 0.15 ? base
    : idRoll < 0.45 ? pick(r, hostileIds)
    : idRoll < 0.65 ? `${base}${pick(r, ['/..', '/../..', '/../../secret.txt', '%2f..', '\\..', '\0', '.json', '.mp4', '/', '%00', '..'])}`
    : idRoll < 0.8 ? `${pick(r, ['../', '..\\', '%2e%2e/', '/', './', '../../'])}${base}`
    : garbage(r, 80)
  const kind = r() < 0.7 ? pick(r, ['video', 'poster', 'input']) : pick(r, kinds)
  const rangeRoll = r()
  const size = pick(r, sizes)
  const n = (): number => Math.floor(r() * size * 1.5) - Math.floor(size * 0.1)
  const range =
    rangeRoll < 0.45 ? pick(r, fixedRanges)
    : rangeRoll < 0.8 ? `bytes=${n()}-${n()}`
    : rangeRoll < 0.9 ? `bytes=-${n()}`
    : `bytes=${garbage(r, 20)}`
  return { kind, id, range }
}

/**
 * Checks one answer. `legit` maps every (kind/id) that may be served to its bytes; an answer
 * with bytes must be exactly one of those files or the slice its Content-Range names.
 */
export function judge(c: FuzzCase, served: Served, legitBodies: readonly Buffer[]): string | undefined {
  const { status, headers, body } = served
  if (![200, 206, 304, 404, 416, 400, 405].includes(status)) return `unexpected status ${status}`
  if (body.includes(CANARY)) return 'the canary outside the library was served'
  if (status === 416) {
    if (!/^bytes \*\/\d+$/.test(headers['content-range'] ?? '')) return `416 without "bytes */size" (${headers['content-range']})`
    return body.length === 0 ? undefined : '416 with a body'
  }
  if (status !== 200 && status !== 206) return body.length === 0 ? undefined : `${status} with a body`
  if (headers['accept-ranges'] !== 'bytes') return 'no Accept-Ranges'
  if (Number(headers['content-length']) !== body.length) return `Content-Length ${headers['content-length']} for ${body.length} bytes`
  if (status === 200) return legitBodies.some((b) => b.equals(body)) ? undefined : 'a 200 whose bytes are no library file'
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers['content-range'] ?? '')
  if (!m) return `206 with Content-Range "${headers['content-range']}"`
  const [start, end, size] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!(start <= end && end < size)) return `206 with an impossible range ${headers['content-range']}`
  const source = legitBodies.find((b) => b.length === size && b.subarray(start, end + 1).equals(body))
  return source ? undefined : `a 206 whose bytes are no slice of a library file (case ${JSON.stringify(c)})`
}

export async function fuzzMedia(options: {
  count: number
  seed: number
  legitIds: readonly string[]
  legitBodies: readonly Buffer[]
  send: (c: FuzzCase) => Promise<Served | undefined>
  concurrency?: number
}): Promise<FuzzReport> {
  const r = mulberry32(options.seed) // seeded, so a failing run can be replayed
  const sizes = options.legitBodies.map((b) => b.length)
  const report: FuzzReport = { count: 0, escapes: [], byStatus: {} }
  const cases = Array.from({ length: options.count }, () => craftCase(r, options.legitIds, sizes))
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const c = cases[next++] as FuzzCase
      const served = await options.send(c)
      if (!served) continue // not expressible on this transport (e.g. a NUL in a URL path)
      report.count++
      report.byStatus[served.status] = (report.byStatus[served.status] ?? 0) + 1
      const why = judge(c, served, options.legitBodies)
      if (why) report.escapes.push({ case: c, why })
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker))
  return report
}
