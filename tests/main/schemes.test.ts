import { describe, expect, it } from 'vitest'
import { MEDIA_SCHEME } from '../../shared/media'
import { APP_SCHEME, privilegedSchemes } from '../../electron/main/schemes'

describe('custom schemes', () => {
  const byName = Object.fromEntries(privilegedSchemes.map((s) => [s.scheme, s.privileges as Record<string, boolean | undefined>]))

  it('register exactly the app and the library scheme', () => {
    expect(Object.keys(byName).sort()).toEqual([APP_SCHEME, MEDIA_SCHEME].sort())
  })

  it('make the library scheme standard, secure and streaming, so <video> can seek', () => {
    expect(byName[MEDIA_SCHEME]).toMatchObject({ standard: true, secure: true, stream: true, supportFetchAPI: true })
  })

  it('give the app its own secure origin', () => {
    expect(byName[APP_SCHEME]).toMatchObject({ standard: true, secure: true })
  })

  it('let neither scheme bypass the CSP or host service workers', () => {
    for (const privileges of Object.values(byName)) {
      expect(privileges?.['bypassCSP']).not.toBe(true)
      expect(privileges?.['allowServiceWorkers']).not.toBe(true)
    }
  })
})
