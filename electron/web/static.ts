import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { contentTypeOf, resolveInside } from '../core/files/contained'
import { cspHeader, withCsp } from '../node/csp'

/** Serves the built renderer. Paths stay inside `root`; unknown paths fall back to index.html. */
export function createStaticHandler(root: string) {
  let indexHtml: Promise<string> | undefined

  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    const file = resolveInside(root, pathname)
    const info = file ? await stat(file).catch(() => undefined) : undefined
    if (!file || !info?.isFile() || path.basename(file) === 'index.html') {
      indexHtml ??= readFile(path.join(root, 'index.html'), 'utf8').then((html) => withCsp(html, 'web'))
      res.writeHead(200, { 'content-type': contentTypeOf('index.html'), 'cache-control': 'no-store', 'content-security-policy': cspHeader('web') })
      res.end(await indexHtml)
      return
    }
    res.writeHead(200, {
      'content-type': contentTypeOf(file),
      'content-length': info.size,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    createReadStream(file).pipe(res)
  }
}
