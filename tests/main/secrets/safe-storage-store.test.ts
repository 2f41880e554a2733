import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createSafeStorageStore } from '../../../electron/main/secrets/safe-storage-store'
import { AppError } from '../../../shared/errors'
import { fakeSafeStorage } from './fake-safe-storage'
import { useTempDir } from '../../support/temp'

let dir: string
let file: string
beforeEach(async () => {
  dir = await useTempDir('reelbox-safe-')
  file = path.join(dir, 'secrets.json')
})

const KEY = 'sk-live-4f9a2c61d0b7e358'

describe('the encrypted-file key store (Electron safeStorage)', () => {
  it('keeps only ciphertext on disk, readable again by a later run on the same machine', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'gnome_libsecret' })
    await createSafeStorageStore(safeStorage, { file, platform: 'linux' }).set('studio', KEY)

    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('base64'))
    const entry = (JSON.parse(onDisk) as { entries: Record<string, string> }).entries['studio']!
    expect(safeStorage.decryptString(Buffer.from(entry, 'base64'))).toBe(KEY)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const later = createSafeStorageStore(safeStorage, { file, platform: 'linux' })
    expect(await later.get('studio')).toBe(KEY)
    expect(await later.describe()).toMatchObject({ kind: 'encrypted-file', persistent: true })
  })

  it('replaces the file whole (temp file + rename), leaving no temp files behind', async () => {
    const store = createSafeStorageStore(fakeSafeStorage(), { file, platform: 'darwin' })
    await store.set('studio', KEY)
    const before = (await stat(file)).ino
    await store.set('studio', 'sk-replaced-91c3')
    // An in-place rewrite keeps the inode; an atomic replace gives the name a new file.
    expect((await stat(file)).ino).not.toBe(before)
    expect(await readdir(dir)).toEqual(['secrets.json'])
    expect(await store.get('studio')).toBe('sk-replaced-91c3')
  })

  it('keeps every key when several are set at once, and deletes one without touching the others', async () => {
    const store = createSafeStorageStore(fakeSafeStorage(), { file, platform: 'win32' })
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.set(id, `sk-${id}-123456`)))
    await store.delete('b')
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.get(id)))).toEqual(['sk-a-123456', undefined, 'sk-c-123456', 'sk-d-123456'])
  })

  it('refuses Linux basic_text (a fixed password) without consent, and writes nothing', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text', available: false })
    const store = createSafeStorageStore(safeStorage, { file, platform: 'linux', allowBasicText: () => false })
    expect(store.availability()).toMatchObject({ ok: false, needsConsent: true })
    const refused = await store.set('studio', KEY).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE' })
    expect(await readdir(dir)).toEqual([])
    expect(safeStorage.plainTextRequested).toBe(false)
  })

  it('allows basic_text once the designer has consented', async () => {
    let consent = false
    const safeStorage = fakeSafeStorage({ backend: 'basic_text', available: false })
    const store = createSafeStorageStore(safeStorage, { file, platform: 'linux', allowBasicText: () => consent })
    expect(store.availability().ok).toBe(false)
    consent = true
    expect(store.availability()).toEqual({ ok: true })
    expect(safeStorage.plainTextRequested).toBe(true)
    await store.set('studio', KEY)
    expect(await store.get('studio')).toBe(KEY)
  })

  it('is unavailable when the OS offers no encryption or is not ready', () => {
    // Codes, worded by the page and the log in the designer's language (never by this shell).
    expect(createSafeStorageStore(fakeSafeStorage({ available: false }), { file, platform: 'darwin' }).availability()).toEqual({ ok: false, reason: { code: 'keyFile.noEncryption' } })
    expect(createSafeStorageStore(fakeSafeStorage({ backend: 'unknown' }), { file, platform: 'linux' }).availability()).toEqual({ ok: false, reason: { code: 'keyFile.notReady' } })
    expect(createSafeStorageStore(fakeSafeStorage({ backend: 'kwallet6' }), { file, platform: 'linux' }).availability()).toEqual({ ok: true })
  })

  it('says so when the file was encrypted under another OS key (copied from another machine)', async () => {
    await createSafeStorageStore(fakeSafeStorage(), { file, platform: 'darwin' }).set('studio', KEY)
    const elsewhere = createSafeStorageStore(fakeSafeStorage(), { file, platform: 'darwin' })
    await expect(elsewhere.get('studio')).rejects.toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE' })
  })
})
