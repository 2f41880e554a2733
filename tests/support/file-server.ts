import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A real loopback file server for download tests, with the misbehaviours real CDNs have:
 * ignoring Range, changing the file (and its ETag) between requests, cutting a body short,
 * expiring the URL.
 */
export interface FileServerBehaviour {
  ignoreRange?: boolean
  /** Answer this many requests by closing the connection after `cutAfter` bytes. */
  cutRequests?: number
  cutAfter?: number
  /** Status for every request (e.g. 410 expired) until cleared. */
  status?: number
}

export interface FileServer {
  url: string
  /** Bytes the server has written in bodies, across requests. */
  sent(): number
  requests(): Array<{ range?: string; ifRange?: string }>
  setBody(body: Uint8Array, etag: string): void
  behave(behaviour: FileServerBehaviour): void
  close(): Promise<void>
}

export async function startFileServer(initial: Uint8Array, etag = '"v1"'): Promise<FileServer> {
  let body = initial
  let tag = etag
  let behaviour: FileServerBehaviour = {}
  let sent = 0
  const log: Array<{ range?: string; ifRange?: string }> = []

  const server: Server = createServer((req, res) => {
    const range = req.headers.range
    const ifRange = req.headers['if-range'] as string | undefined
    log.push({ range, ifRange })
    if (behaviour.status) {
      res.writeHead(behaviour.status).end()
      return
    }
    let start = 0
    let status = 200
    const match = /^bytes=(\d+)-$/.exec(range ?? '')
    if (match && !behaviour.ignoreRange && (!ifRange || ifRange === tag)) {
      start = Number(match[1])
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
        return
      }
      status = 206
    }
    const slice = body.subarray(start)
    const headers: Record<string, string | number> = { 'content-type': 'video/mp4', etag: tag, 'accept-ranges': 'bytes', 'content-length': slice.length }
    if (status === 206) headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`
    res.writeHead(status, headers)
    if (behaviour.cutRequests && behaviour.cutRequests > 0) {
      behaviour.cutRequests--
      const part = slice.subarray(0, behaviour.cutAfter ?? Math.floor(slice.length / 2))
      sent += part.length
      res.write(part, () => res.destroy())
      return
    }
    sent += slice.length
    res.end(slice)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/result.mp4`,
    sent: () => sent,
    requests: () => log,
    setBody(next, nextTag) {
      body = next
      tag = nextTag
    },
    behave(next) {
      behaviour = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
