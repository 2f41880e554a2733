import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { create as contentDisposition } from 'content-disposition'
import { ZipFile } from 'yazl'
import { problemError } from '../../shared/errors'
import { say, systemLocale } from '../../shared/locales'
import { MAX_EXPORT, numberedName } from '../../shared/media'
import { problem } from '../../shared/rules/problems'
import type { Library } from '../core/library/library'
import { checkRequest, type Gate } from './gate'
import { end } from './media-route'

/**
 * Web mode's Download (issue 15 item 2): a browser cannot be handed a file, so the page links
 * to one. `/download/<id>?token=…` answers the library video itself as an attachment under its
 * readable name; `/download?ids=a,b,…&token=…` answers several as one zip, streamed as each file
 * is read (stored, not compressed: a video does not compress). The same gate as the media
 * route; ids are opaque and resolved by the library's media responder, never read as paths.
 */
export function createDownloadRoute(library: Pick<Library, 'respondMedia' | 'get'>, gate: () => Gate) {
  return async function serveDownload(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const raw = req.url ?? '/'
    const url = new URL(raw, 'http://localhost')
    if (url.pathname !== '/download' && !url.pathname.startsWith('/download/')) return false
    const verdict = checkRequest({ url: raw, origin: req.headers.origin, host: req.headers.host, remoteAddress: req.socket.remoteAddress }, gate(), { requireOrigin: false })
    if (!verdict.ok) return end(res, verdict.status)
    if (req.method !== 'GET' && req.method !== 'HEAD') return end(res, 405, { allow: 'GET, HEAD' })
    const parts = url.pathname.split('/')
    if (parts.length === 3) return serveOne(library, decoded(parts[2] ?? ''), req, res)
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean)
    if (parts.length !== 2 || ids.length === 0 || ids.length > MAX_EXPORT) return end(res, 404)
    return serveZip(library, ids, req, res)
  }
}

const decoded = (part: string): string => {
  try {
    return decodeURIComponent(part)
  } catch {
    return ''
  }
}

/** The readable name the library gave the file, or undefined when there is no such item. */
const nameOf = (library: Pick<Library, 'get'>, id: string): Promise<string | undefined> =>
  library.get(id).then(
    (detail) => detail.item.fileName,
    () => undefined,
  )

async function serveOne(library: Pick<Library, 'respondMedia' | 'get'>, id: string, req: IncomingMessage, res: ServerResponse): Promise<true> {
  const name = await nameOf(library, id)
  if (!name) return end(res, 404)
  const answer = await library.respondMedia('video', id, { range: req.headers.range, head: req.method === 'HEAD' })
  // RFC 6266: the name as ASCII for old clients and as UTF-8 (filename*) for a Chinese prompt's slug.
  res.writeHead(answer.status, { ...answer.headers, 'content-disposition': contentDisposition(name), 'cache-control': 'no-store' })
  if (answer.body) await pipeline(answer.body, res).catch(() => answer.body?.destroy())
  else res.end()
  return true
}

async function serveZip(library: Pick<Library, 'respondMedia' | 'get'>, ids: string[], req: IncomingMessage, res: ServerResponse): Promise<true> {
  // Every item is looked up before the first byte: a missing one answers 404, not a short zip.
  const entries: Array<{ id: string; name: string }> = []
  const taken = new Set<string>()
  for (const id of new Set(ids)) {
    const name = await nameOf(library, id)
    if (!name) return end(res, 404)
    entries.push({ id, name: unique(name, taken) })
  }
  // Named in the browser's language: the page that asked for it speaks the designer's.
  const zipName = say(systemLocale([req.headers['accept-language'] ?? '']), 'downloads.zipName', { count: entries.length })
  res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': contentDisposition(zipName), 'cache-control': 'no-store' })
  if (req.method === 'HEAD') return (res.end(), true)
  const zip = new ZipFile()
  for (const entry of entries) {
    // Opened only when its turn comes, so a zip of many videos holds one file open at a time.
    zip.addReadStreamLazy(entry.name, { compress: false }, (done) => {
      library.respondMedia('video', entry.id).then(
        (answer) => (answer.body ? done(null, answer.body) : done(problemError('NOT_FOUND', problem('file.missing', { name: entry.name })), new PassThrough())),
        (error: unknown) => done(error, new PassThrough()),
      )
    })
  }
  zip.end()
  // A file gone midway ends the download short; the browser reports it as failed, not as done.
  await pipeline(zip.outputStream, res).catch(() => res.destroy())
  return true
}

/** `a.mp4`, `a (2).mp4`: two items with one name (the designer's own folders) both fit in a zip. */
function unique(name: string, taken: Set<string>): string {
  let n = 1
  while (taken.has(numberedName(name, n).toLowerCase())) n++
  taken.add(numberedName(name, n).toLowerCase())
  return numberedName(name, n)
}
