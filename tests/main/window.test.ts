import { describe, expect, it } from 'vitest'
import { windowOptions } from '../../electron/main/window'

describe('the window factory', () => {
  const prefs = windowOptions('/app/out/preload/index.cjs', false).webPreferences ?? {}

  it('isolates the page from Node and Electron', () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.nodeIntegrationInWorker).toBe(false)
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
  })

  it('keeps the web platform’s own protections on and embedding off', () => {
    expect(prefs.webSecurity).toBe(true)
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(prefs.webviewTag).toBe(false)
    expect(prefs.experimentalFeatures).toBe(false)
  })

  it('loads only our preload, and nothing that would widen the bridge', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs')
    expect(prefs).not.toHaveProperty('additionalArguments')
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
  })
})
