import { constants, createReadStream } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { MediaKind } from '../../../shared/library'
import { contentTypeOf } from '../files/contained'
import type { LibraryContext } from './context'
import { fromRel } from './naming'
import { parseRange } from '../../../shared/range'

export interface MediaRequest {
  /** `Range` header, if any. */
  range?: string | null
  /** `If-None-Match`, for a 304 on a poster the page has cached. */
  ifNoneMatch?: string | null
  /** HEAD: headers only. */
  head?: boolean
}

export interface MediaResponse {
  status: 200 | 206 | 304 | 400 | 404 | 416
  headers: Record<string, string>
  /** The bytes to send; absent for HEAD, 304 and errors with no body. */
  body?: Readable
}

// Item ids are journal ids plus an index, or `added-<hex>`; input ids are sha-256 digests.
const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/
const SHA256 = /^[a-f0-9]{64}$/

const notFound = (): MediaResponse => ({ status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })

/**
 * The one media responder (issue 4 item 6): videos, posters and input images by opaque id, with
 * ranges. The renderer never names a path: an id is looked up in the index or the input store,
 * and the file it resolves to must still be inside that folder once every symlink is resolved.
 * Electron mounts this as `reelbox-media:`, web mode as `/media/<kind>/<id>`.
 */
export async function respondMedia(ctx: LibraryContext, kind: string, id: string, request: MediaRequest = {}): Promise<MediaResponse> {
  const located = await locate(ctx, kind, id).catch(() => undefined)
  if (!located) return notFound()
  const file = await containedRealpath(located.root, located.file)
  if (!file) return notFound()

  let handle
  try {
    // O_NOFOLLOW: the checked real path must not have become a symlink since the check.
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  } catch {
    return notFound()
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) return notFound()
    const size = info.size
    const etag = `"${size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`
    const headers: Record<string, string> = {
      'content-type': located.mime ?? contentTypeOf(file),
      'accept-ranges': 'bytes',
      etag,
      'last-modified': info.mtime.toUTCString(),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    }
    if (request.ifNoneMatch && request.ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
      return { status: 304, headers }
    }
    const range = parseRange(request.range, size)
    if (range.kind === 'unsatisfiable') {
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}`, 'content-length': '0' } }
    }
    const [status, start, end] = range.kind === 'partial' ? [206 as const, range.start, range.end] : [200 as const, 0, size - 1]
    headers['content-length'] = String(size === 0 ? 0 : end - start + 1)
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`
    if (request.head || size === 0) return { status, headers }
    // The stream reads through the handle we checked, so a swap of the path after the check
    // (a symlink planted meanwhile) cannot redirect it; the stream closes the handle.
    const body = createReadStream('', { fd: handle, start, end, autoClose: true })
    handle = undefined
    return { status, headers, body }
  } finally {
    await handle?.close()
  }
}

async function locate(ctx: LibraryContext, kind: string, id: string): Promise<{ root: string; file: string; mime?: string } | undefined> {
  const mediaKind = kind as MediaKind
  if (mediaKind === 'input') {
    if (!SHA256.test(id) || !ctx.inputs) return undefined
    // One after the other: `pathOf` reads the same meta `get` has just cached.
    const info = await ctx.inputs.get(id)
    const file = info && (await ctx.inputs.pathOf(id))
    return file ? { root: ctx.inputs.dir, file, mime: info?.mime } : undefined
  }
  if (mediaKind !== 'video' && mediaKind !== 'poster') return undefined
  if (!ITEM_ID.test(id)) return undefined
  await ctx.ready
  const entry = ctx.store.get(id)
  const rel = mediaKind === 'video' ? entry?.rel : entry?.poster
  return rel ? { root: ctx.root, file: fromRel(ctx.root, rel) } : undefined
}

/** The real path of `file` if it is inside the real path of `root`; undefined otherwise or when missing. */
export async function containedRealpath(root: string, file: string): Promise<string | undefined> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)])
    return realFile.startsWith(realRoot + path.sep) ? realFile : undefined
  } catch {
    return undefined
  }
}
