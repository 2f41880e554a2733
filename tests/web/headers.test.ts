/**
 * Web mode's answers carry the browser protections a page served over HTTP needs (issue 10
 * item 9): index.html a real Content-Security-Policy header with `frame-ancestors 'none'` (a
 * <meta> policy cannot say that), and every answer `X-Frame-Options: DENY` and `nosniff`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCsp } from '../../electron/node/csp'
import { startWebServer, type WebServer } from '../../electron/web/server'
import { parseCsp } from '../support/csp'
import { startTestCore, type TestCore } from '../support/core'
import { useTempDir } from '../support/temp'

let t: TestCore
let server: WebServer

beforeAll(async () => {
  t = await startTestCore()
  const rendererDir = await useTempDir('reelbox-renderer-')
  await mkdir(path.join(rendererDir, 'assets'))
  await writeFile(path.join(rendererDir, 'index.html'), '<html><head></head><body>hi</body></html>')
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'export {}')
  server = await startWebServer({ core: t.core, rendererDir })
})
afterAll(async () => {
  await server.close()
  await t.dispose()
})

describe('web mode’s response headers', () => {
  it.each(['/', '/index.html', '/library/some-route'])('%s: the page’s policy as a header, framing refused', async (route) => {
    const response = await fetch(`${server.origin}${route}`)
    expect(response.status).toBe(200)
    const csp = parseCsp(response.headers.get('content-security-policy') ?? '')
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    // The same policy as the <meta> tag, not a weaker one beside it.
    expect({ ...csp, 'frame-ancestors': undefined }).toEqual({ ...parseCsp(buildCsp('web')), 'frame-ancestors': undefined })
    expect(await response.text()).toContain('Content-Security-Policy')
  })

  it.each([
    ['/', 200],
    ['/assets/app.js', 200],
    ['/media/video/nope?token=<the token>', 404],
    ['/media/video/nope', 401],
  ])('%s (HTTP %i): nosniff and X-Frame-Options DENY', async (route, status) => {
    const response = await fetch(`${server.origin}${route.replace('<the token>', server.token)}`)
    expect(response.status).toBe(status)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })
})
