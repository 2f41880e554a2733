/**
 * The CSP as shipped: read from the BUILT out/renderer/index.html. It lives in the e2e project
 * because `npm test` runs `electron-vite build` after the unit projects and before this one;
 * run on its own it asks for a build instead of testing an old or missing file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspMetaPolicies, parseCsp } from '../support/csp'

const built = path.resolve('out/renderer/index.html')
const sources = ['electron/node/csp.ts', 'renderer/index.html', 'electron.vite.config.ts'].map((file) => path.resolve(file))

function builtHtml(): string {
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npx electron-vite build\` first (\`npm test\` does, before the e2e project).`)
  const stale = sources.filter((source) => statSync(source).mtimeMs > statSync(built).mtimeMs)
  if (stale.length) throw new Error(`${built} is older than ${stale.map((s) => path.relative(process.cwd(), s)).join(', ')}: run \`npx electron-vite build\` again.`)
  return readFileSync(built, 'utf8')
}

describe('the built index.html', () => {
  const html = builtHtml()
  const policies = cspMetaPolicies(html)

  it('carries exactly one Content-Security-Policy, before any script', () => {
    expect(policies).toHaveLength(1)
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'))
  })

  it('allows no inline or eval’d script, and scripts from nowhere but the app', () => {
    const csp = parseCsp(policies[0]!)
    const scripts = csp['script-src'] ?? csp['default-src'] ?? []
    expect(scripts).toEqual(["'self'"])
    expect(policies[0]).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/)
    // And the page needs none: every script is a file, no inline handlers.
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) expect(tag).toMatch(/^<script\b[^>]*\bsrc=[^>]*><\/script>$/)
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  })

  it('lets the page connect only to itself and the library (frames are read from it), and play media only from the library scheme', () => {
    const csp = parseCsp(policies[0]!)
    expect(csp['default-src']).toEqual(["'none'"])
    expect(csp['connect-src']).toEqual(["'self'", 'reelbox-media:'])
    expect(csp['media-src']).toEqual(['reelbox-media:'])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-src']).toEqual(["'none'"])
  })
})
