import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from '../../electron/main/schemes'
import { frameFacts, isTrustedSender } from '../../electron/main/sender'

const allowed = [APP_ORIGIN]

describe('IPC sender check', () => {
  it('accepts the top frame of our own page', () => {
    expect(isTrustedSender({ present: true, url: `${APP_ORIGIN}/index.html#/library`, isTopFrame: true }, allowed)).toBe(true)
  })

  it('refuses a subframe, even of our own origin', () => {
    expect(isTrustedSender({ present: true, url: `${APP_ORIGIN}/index.html`, isTopFrame: false }, allowed)).toBe(false)
  })

  it('refuses foreign origins, look-alikes and unparsable URLs', () => {
    for (const url of ['https://evil.example/', 'reelbox://app.evil/', 'reelbox://ap/', 'file:///index.html', 'http://127.0.0.1:5178/', 'about:blank', 'not a url', '']) {
      expect(isTrustedSender({ present: true, url, isTopFrame: true }, allowed), url).toBe(false)
    }
  })

  it('refuses a call whose frame is gone', () => {
    expect(isTrustedSender({ present: false, url: `${APP_ORIGIN}/index.html`, isTopFrame: true }, allowed)).toBe(false)
  })

  it('reads the facts from the IPC event: no frame, a subframe, the top frame', () => {
    const top = { url: `${APP_ORIGIN}/index.html`, parent: null }
    expect(isTrustedSender(frameFacts({ senderFrame: null }), allowed)).toBe(false)
    expect(isTrustedSender(frameFacts({ senderFrame: undefined }), allowed)).toBe(false)
    expect(isTrustedSender(frameFacts({ senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: top } }), allowed)).toBe(false)
    expect(isTrustedSender(frameFacts({ senderFrame: top }), allowed)).toBe(true)
  })
})
