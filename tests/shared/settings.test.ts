import { describe, expect, it } from 'vitest'
import { fieldErrorsFromZod } from '../../shared/errors'
import { BaseUrl, Connection, defaultSettings, LEGACY_SECRETS_KEY, migrateSettings, SETTINGS_VERSION, Settings, SettingsPatch } from '../../shared/settings'

function fieldsOf(result: { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }): Record<string, string[]> {
  if (result.success) return {}
  const fields = fieldErrorsFromZod(result.error!)
  return Object.fromEntries(Object.entries(fields).map(([path, found]) => [path, found.map((p) => (p.code === 'input.invalid' ? p.params.reason : p.code))]))
}

describe('base URLs', () => {
  it('accept https anywhere and plain http only on this computer', () => {
    for (const url of ['https://api.example.com', 'https://gw.example.com/proxy/', 'http://127.0.0.1:5178', 'http://127.9.8.7', 'http://localhost:8080', 'http://[::1]:9000', 'https://localhost']) {
      expect(BaseUrl.safeParse(url).success, url).toBe(true)
    }
    for (const url of ['http://api.example.com', 'http://localhost.evil.example', 'http://128.0.0.1', 'http://10.0.0.2', 'http://[::2]', 'ftp://127.0.0.1', 'file:///etc', 'api.example.com', '']) {
      expect(BaseUrl.safeParse(url).success, url).toBe(false)
    }
  })

  it('refuse credentials, queries and fragments, and drop a trailing slash', () => {
    expect(BaseUrl.safeParse('https://me:pw@api.example.com').error?.issues[0]?.message).toMatch(/user name or password/)
    expect(BaseUrl.safeParse('https://api.example.com?key=1').success).toBe(false)
    expect(BaseUrl.safeParse('https://api.example.com/#x').success).toBe(false)
    expect(BaseUrl.parse('https://api.example.com/v/')).toBe('https://api.example.com/v')
  })

  it('are named by their place in the settings document', () => {
    const result = Settings.safeParse({ profiles: [{ id: 'a', name: 'A', baseUrl: 'http://api.example.com' }] })
    expect(fieldsOf(result)['profiles.0.baseUrl']?.[0]).toMatch(/must use https/)
  })
})

describe('connections', () => {
  it('validate the advanced query-operation profile and name the field', () => {
    const result = Connection.safeParse({ id: 'a', name: 'A', baseUrl: 'https://x.example', serviceProfile: { query: { idIn: 'path', path: '/tasks' } } })
    expect(Object.keys(fieldsOf(result))).toEqual(['serviceProfile.query.path'])
    const typo = Connection.safeParse({ id: 'a', name: 'A', baseUrl: 'https://x.example', serviceProfile: { qeury: {} } })
    expect(typo.success).toBe(false)
  })

  it('keep the service profile as written, so improved defaults reach old connections', () => {
    const saved = Connection.parse({ id: 'a', name: 'A', baseUrl: 'https://x.example', serviceProfile: { query: { method: 'POST', idIn: 'body' } } })
    expect(saved.serviceProfile).toEqual({ query: { method: 'POST', idIn: 'body' } })
    expect(saved.catalogSource).toEqual({ kind: 'default' })
    expect(saved.sandbox).toBe(false)
  })
})

describe('settings document', () => {
  it('has a default for everything', () => {
    expect(defaultSettings).toMatchObject({
      schemaVersion: SETTINGS_VERSION,
      activeProfileId: null,
      profiles: [],
      libraryDir: null,
      concurrency: { jobs: 3, downloads: 2 },
      pollBudget: { requestsPerSecond: 2, maxWaitMinutes: 60 },
      notifications: { finished: true, failed: true },
      theme: 'system',
      language: 'system',
      allowBasicTextEncryption: false,
      firstRunDone: false,
    })
  })

  it('takes deep-partial patches that fill in nothing the patch does not name', () => {
    expect(SettingsPatch.parse({ concurrency: { jobs: 5 } })).toEqual({ concurrency: { jobs: 5 } })
    expect(fieldsOf(SettingsPatch.safeParse({ concurrency: { jobs: 0 } }))).toHaveProperty(['concurrency.jobs'])
    expect(fieldsOf(SettingsPatch.safeParse({ libraryDir: 'relative/folder' }))).toHaveProperty(['libraryDir'])
    expect(SettingsPatch.safeParse({ libraryDir: 'C:\\Users\\me\\Videos' }).success).toBe(true)
    // Connections change through profiles.*, and a typo is not silently ignored.
    expect(SettingsPatch.safeParse({ profiles: [] }).success).toBe(false)
    expect(SettingsPatch.safeParse({ theem: 'dark' }).success).toBe(false)
  })
})

describe('settings migrations', () => {
  // As the prototype build wrote it: flat, no version, the key in clear text.
  const prototypeDocument = {
    serviceUrl: 'https://video.example.com/',
    apiKey: 'sk-proto-5e1f7a',
    libraryPath: '/home/mei/Videos/AI',
    maxParallelJobs: 6,
    darkMode: true,
    locale: 'zh',
  }

  it('bring a v0 document to the current version, taking the key out of it', () => {
    const { document, from, newer } = migrateSettings(prototypeDocument)
    expect({ from, newer }).toEqual({ from: 0, newer: false })
    const { [LEGACY_SECRETS_KEY]: secrets, ...rest } = document
    expect(secrets).toEqual({ default: 'sk-proto-5e1f7a' })
    expect(JSON.stringify(rest)).not.toContain('sk-proto')
    expect(Settings.parse(rest)).toMatchObject({
      schemaVersion: 1,
      activeProfileId: 'default',
      profiles: [{ id: 'default', name: 'My service', baseUrl: 'https://video.example.com', sandbox: false }],
      libraryDir: '/home/mei/Videos/AI',
      concurrency: { jobs: 6, downloads: 2 },
      theme: 'dark',
      language: 'zh-CN',
      firstRunDone: true,
    })
  })

  it('leave a current document alone, start empty on none, and flag one from a newer build', () => {
    const current = { schemaVersion: SETTINGS_VERSION, theme: 'light' }
    expect(migrateSettings(current)).toEqual({ document: current, from: SETTINGS_VERSION, newer: false })
    expect(migrateSettings(undefined)).toEqual({ document: {}, from: 'none', newer: false })
    expect(migrateSettings({ schemaVersion: SETTINGS_VERSION + 1, theme: 'dark' })).toMatchObject({ newer: true, document: { schemaVersion: SETTINGS_VERSION, theme: 'dark' } })
  })
})
