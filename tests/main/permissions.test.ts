import { describe, expect, it } from 'vitest'
import { permissionDecision, permissionHandlers } from '../../electron/main/permissions'
import { APP_ORIGIN } from '../../electron/main/schemes'

const ours = [APP_ORIGIN]
const page = `${APP_ORIGIN}/index.html#/library`

describe('web permissions', () => {
  it('are denied by default, even to our own page', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'midi', 'midiSysex', 'pointerLock', 'openExternal', 'clipboard-read', 'display-capture', 'hid', 'serial', 'usb', 'idle-detection', 'speaker-selection', 'storage-access', 'window-management', 'unknown-future-permission']) {
      expect(permissionDecision({ permission, requestingUrl: page, isMainFrame: true }, ours), permission).toBe(false)
    }
  })

  it('grant fullscreen video and copying text only to the top frame of our own page', () => {
    expect(permissionDecision({ permission: 'fullscreen', requestingUrl: page, isMainFrame: true }, ours)).toBe(true)
    expect(permissionDecision({ permission: 'clipboard-sanitized-write', requestingUrl: page, isMainFrame: true }, ours)).toBe(true)
    expect(permissionDecision({ permission: 'fullscreen', requestingUrl: 'https://evil.example/', isMainFrame: true }, ours)).toBe(false)
    expect(permissionDecision({ permission: 'fullscreen', requestingUrl: page, isMainFrame: false }, ours)).toBe(false)
    expect(permissionDecision({ permission: 'fullscreen', requestingUrl: page, isMainFrame: undefined }, ours)).toBe(false)
    expect(permissionDecision({ permission: 'fullscreen', requestingUrl: undefined, isMainFrame: true }, ours)).toBe(false)
  })

  it('answer Electron’s request and check handlers the same way', () => {
    const handlers = permissionHandlers(() => ours)
    const answers: boolean[] = []
    handlers.request(null, 'media', (granted) => answers.push(granted), { requestingUrl: page, isMainFrame: true })
    handlers.request(null, 'fullscreen', (granted) => answers.push(granted), { requestingUrl: page, isMainFrame: true })
    expect(answers).toEqual([false, true])
    expect(handlers.check(null, 'notifications', APP_ORIGIN, { isMainFrame: true })).toBe(false)
    expect(handlers.check(null, 'fullscreen', APP_ORIGIN, { isMainFrame: true })).toBe(true)
    expect(handlers.check(null, 'fullscreen', 'https://evil.example', { isMainFrame: true })).toBe(false)
  })
})
