import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { guardContents, refusalLine, type GuardableContents, type Refusal } from '../../electron/main/guards'
import { say } from '../../shared/locales'
import { APP_ORIGIN } from '../../electron/main/schemes'

/** Our GuardableContents port over a plain emitter: the page's events, fired by the test. */
function fakeContents() {
  const emitter = new EventEmitter()
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined
  const contents: GuardableContents = {
    on: (event: string, listener: (...args: never[]) => void) => emitter.on(event, listener as (...args: unknown[]) => void),
    setWindowOpenHandler: (handler) => void (openHandler = handler),
  }
  const fire = (event: string, ...args: unknown[]): boolean => {
    let prevented = false
    emitter.emit(event, { preventDefault: () => (prevented = true) }, ...args)
    return prevented
  }
  return { contents, fire, open: (url: string) => openHandler?.({ url }) }
}

function guarded(allowHosts?: string[]) {
  const page = fakeContents()
  const opened: string[] = []
  const refused: Refusal[] = []
  guardContents(page.contents, {
    allowedOrigins: () => [APP_ORIGIN, 'http://localhost:5173'],
    openExternal: (url) => opened.push(url),
    onRefused: (what) => refused.push(what),
    ...(allowHosts ? { externalPolicy: { allowHosts } } : {}),
  })
  return { ...page, opened, refused }
}

describe('page guards', () => {
  it('stop navigation away from our own page', () => {
    const page = guarded()
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'reelbox://app.evil/', 'http://localhost:5174/', 'javascript:alert(1)', 'not a url']) {
      expect(page.fire('will-navigate', url), url).toBe(true)
    }
    expect(page.refused).toHaveLength(6)
  })

  it('let the page reload itself (and the dev server reload it)', () => {
    const page = guarded()
    expect(page.fire('will-navigate', `${APP_ORIGIN}/index.html`)).toBe(false)
    expect(page.fire('will-navigate', 'http://localhost:5173/')).toBe(false)
  })

  it('never open a new window; https links go to the browser through the URL policy', () => {
    const page = guarded()
    expect(page.open('https://docs.example.com/guide')).toEqual({ action: 'deny' })
    expect(page.open('http://docs.example.com/')).toEqual({ action: 'deny' })
    expect(page.open('https://me:pw@docs.example.com/')).toEqual({ action: 'deny' })
    expect(page.open(`${APP_ORIGIN}/index.html`)).toEqual({ action: 'deny' })
    expect(page.opened).toEqual(['https://docs.example.com/guide'])
  })

  it('apply the policy’s allow-list when one is set', () => {
    const page = guarded(['example.com'])
    page.open('https://help.example.com/a')
    page.open('https://example.com.evil.net/b')
    expect(page.opened).toEqual(['https://help.example.com/a'])
  })

  it('refuse every <webview>', () => {
    expect(guarded().fire('will-attach-webview')).toBe(true)
  })

  it('log each refusal as a code the catalogue words, in English and Chinese', () => {
    const page = guarded(['example.com'])
    page.fire('will-navigate', 'https://evil.example/x')
    page.fire('will-navigate', 'not a url')
    page.open('http://docs.example.com/')
    page.open('https://me:pw@example.com/')
    page.open('https://elsewhere.net/')
    page.fire('will-attach-webview')
    const lines = page.refused.map(refusalLine)
    expect(lines.map((line) => say('en', `log.${line.code}`, line.params))).toEqual([
      'Refused navigation to https://evil.example.',
      'Refused navigation to an unreadable URL.',
      'Refused a new window (http: links are not opened).',
      'Refused a new window (the URL contains credentials).',
      'Refused a new window (elsewhere.net is not on the list of sites Reelbox opens).',
      'Refused a <webview>.',
    ])
    expect(say('zh-CN', `log.${lines[4]!.code}`, lines[4]!.params)).toContain('elsewhere.net')
  })
})
