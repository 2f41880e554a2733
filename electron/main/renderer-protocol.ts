import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, resolveInside } from '../core/files/contained'
import { cspHeader, withCsp } from '../node/csp'

/**
 * Serves the built renderer under reelbox://app/, so the page has a real, checkable origin
 * (file:// pages all share the opaque "null" origin). Paths stay inside the renderer folder.
 */
export function serveRenderer(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const pathname = new URL(request.url).pathname
    const file = resolveInside(root, pathname === '/' ? '/index.html' : pathname)
    if (!file) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      const headers = { 'content-type': contentTypeOf(file) }
      if (path.basename(file) === 'index.html') {
        return new Response(withCsp(body.toString('utf8'), 'electron'), { headers: { ...headers, 'content-security-policy': cspHeader('electron') } })
      }
      return new Response(body, { headers })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  }
}
