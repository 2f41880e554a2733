import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildCsp, withCsp, withoutCsp } from '../../electron/main/csp'
import { cspMetaPolicies, parseCsp } from '../support/csp'

describe('the Content-Security-Policy', () => {
  it('in Electron: scripts only from the app, connections only to itself, media only from the library scheme', () => {
    const csp = parseCsp(buildCsp('electron'))
    expect(csp['default-src']).toEqual(["'none'"])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'"])
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

  it('is written in the source page as csp.ts builds it, so scanners and reviewers read the real one', () => {
    const source = readFileSync('renderer/index.html', 'utf8')
    expect(cspMetaPolicies(source)).toEqual([buildCsp('electron')])
    expect(withCsp(source, 'electron')).toBe(source)
    expect(cspMetaPolicies(withoutCsp(source))).toEqual([])
  })
})
