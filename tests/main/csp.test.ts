import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildCsp, withCsp, withoutCsp } from '../../electron/node/csp'
import { serveRenderer } from '../../electron/main/renderer-protocol'
import { cspMetaPolicies, parseCsp } from '../support/csp'
import { useTempDir } from '../support/temp'

describe('the Content-Security-Policy', () => {
  it('in Electron: scripts only from the app, connections only to itself and the library (frames are read from it), media only from the library scheme', () => {
    const csp = parseCsp(buildCsp('electron'))
    expect(csp['default-src']).toEqual(["'none'"])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'", 'reelbox-media:'])
    expect(csp['media-src']).toEqual(['reelbox-media:'])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-src']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'none'"])
  })

  it('in web mode: media from the engine’s own /media route, nothing from elsewhere', () => {
    const csp = parseCsp(buildCsp('web'))
    expect(csp['media-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(csp['script-src']).toEqual(["'self'"])
  })

  it('replaces an existing policy instead of adding a second one', () => {
    const html = withCsp(withCsp('<html><head><title>x</title></head></html>', 'electron'), 'web')
    expect(cspMetaPolicies(html)).toEqual([buildCsp('web')])
  })

  it('in Electron: reelbox://app/ sends it as a header too, where frame-ancestors works', async () => {
    const dir = await useTempDir('reelbox-renderer-')
    await writeFile(path.join(dir, 'index.html'), '<html><head></head></html>')
    const response = await serveRenderer(dir)(new Request('reelbox://app/'))
    const csp = parseCsp(response.headers.get('content-security-policy') ?? '')
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(cspMetaPolicies(await response.text())).toEqual([buildCsp('electron')])
  })

  it('is written in the source page as csp.ts builds it, so scanners and reviewers read the real one', () => {
    const source = readFileSync('renderer/index.html', 'utf8')
    expect(cspMetaPolicies(source)).toEqual([buildCsp('electron')])
    expect(withCsp(source, 'electron')).toBe(source)
    expect(cspMetaPolicies(withoutCsp(source))).toEqual([])
  })
})
