import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { KeyStoreReason } from '../../../shared/contract/secrets'
import { keychainUnavailable, type KeychainStore } from '../../../electron/node/secrets/keytar-store'
import { createSafeStorageStore } from '../../../electron/main/secrets/safe-storage-store'
import { createSecretChain, type EncryptedFileStore } from '../../../electron/node/secrets/secret-chain'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { useTempDir } from '../../support/temp'
import { fakeSafeStorage, type FakeSafeStorage } from '../../main/secrets/fake-safe-storage'

/** Our KeychainStore port, answering or not as the test says (the real one is in keychain.test.ts). */
function fakeKeychain() {
  const keys = new Map<string, string>()
  // A refusal: the OS's words, or a reason with no words of the OS (a timeout).
  const state = { refusal: undefined as string | KeyStoreReason | undefined, keys }
  const guard = (): void => {
    if (state.refusal) throw keychainUnavailable(state.refusal)
  }
  const keychain: KeychainStore = {
    get: async (account) => (guard(), keys.get(account)),
    set: async (account, secret) => (guard(), void keys.set(account, secret)),
    delete: async (account) => (guard(), void keys.delete(account)),
    probe: async () => (state.refusal ? { ok: false, reason: typeof state.refusal === 'string' ? { code: 'keychain.unavailable', os: state.refusal } : state.refusal } : { ok: true }),
    describe: async () => ({ kind: 'keychain', persistent: true }),
  }
  return { keychain, state }
}

let dir: string
beforeEach(async () => {
  dir = await useTempDir('reelbox-chain-')
})

function fileStore(backend = 'gnome_libsecret', consent = false, safeStorage: FakeSafeStorage = fakeSafeStorage({ backend, available: backend !== 'basic_text' })): EncryptedFileStore {
  return createSafeStorageStore(safeStorage, { file: path.join(dir, 'secrets.json'), platform: 'linux', allowBasicText: () => consent })
}

describe('choosing where a key is kept', () => {
  it('uses the keychain when it answers, and keeps no copy anywhere else', async () => {
    const { keychain, state } = fakeKeychain()
    const encryptedFile = fileStore()
    const session = createMemorySecretStore()
    const chain = createSecretChain({ keychain, encryptedFile, session })
    await chain.set('studio', 'sk-keychain-1')
    expect(state.keys.get('studio')).toBe('sk-keychain-1')
    expect(await encryptedFile.has('studio')).toBe(false)
    expect(session.has('studio')).toBe(false)
    expect(await chain.describe('studio')).toEqual({ kind: 'keychain', persistent: true })
    expect(await chain.describe()).toEqual({ kind: 'keychain', persistent: true })
  })

  it('falls back to the encrypted file when the keychain does not answer, and says why as codes', async () => {
    const { keychain, state } = fakeKeychain()
    state.refusal = { code: 'keychain.timedOut', seconds: 10 }
    const chain = createSecretChain({ keychain, encryptedFile: fileStore() })
    await chain.set('studio', 'sk-file-1')
    expect(await chain.get('studio')).toBe('sk-file-1')
    const where = await chain.describe('studio')
    expect(where).toEqual({ kind: 'encrypted-file', persistent: true, reasons: [{ code: 'keychain.timedOut', seconds: 10 }, { code: 'keyFile.encrypted', via: 'linux', backend: 'gnome_libsecret' }] })
  })

  it('keeps the key for the session when basic_text would need consent, and asks for it', async () => {
    const { keychain, state } = fakeKeychain()
    state.refusal = 'The name org.freedesktop.secrets was not provided by any .service files'
    const chain = createSecretChain({ keychain, encryptedFile: fileStore('basic_text', false) })
    await chain.set('studio', 'sk-session-1')
    expect(await chain.get('studio')).toBe('sk-session-1')
    const where = await chain.describe('studio')
    // The OS's own words stay as they are; the rest are codes the page and the log word.
    expect(where).toEqual({
      kind: 'session',
      persistent: false,
      needsConsent: true,
      reasons: [{ code: 'keychain.unavailable', os: 'The name org.freedesktop.secrets was not provided by any .service files' }, { code: 'keyFile.needsConsent' }],
    })
  })

  it('uses the basic_text file once the designer consented', async () => {
    const { keychain, state } = fakeKeychain()
    state.refusal = 'no Secret Service'
    const chain = createSecretChain({ keychain, encryptedFile: fileStore('basic_text', true) })
    await chain.set('studio', 'sk-consented')
    expect(await chain.describe('studio')).toMatchObject({ kind: 'encrypted-file' })
  })

  it('without a keychain or a file (web mode without keytar) keeps keys for the session', async () => {
    const chain = createSecretChain({})
    await chain.set('studio', 'sk-web')
    expect(await chain.get('studio')).toBe('sk-web')
    expect(await chain.describe()).toEqual({ kind: 'session', persistent: false, reasons: [{ code: 'keychain.none' }] })
  })

  it('never lets an older key in the keychain shadow a newer one kept elsewhere', async () => {
    const { keychain, state } = fakeKeychain()
    const chain = createSecretChain({ keychain, encryptedFile: fileStore() })
    await chain.set('studio', 'sk-old')
    state.refusal = 'locked'
    await chain.set('studio', 'sk-new')
    state.refusal = undefined
    // The keychain answers again and still holds the old key; the newer one wins.
    expect(state.keys.get('studio')).toBe('sk-old')
    expect(await chain.get('studio')).toBe('sk-new')
    // Setting again while the keychain answers moves the key back and clears the file's copy.
    await chain.set('studio', 'sk-newest')
    expect(await chain.get('studio')).toBe('sk-newest')
    expect(await chain.describe('studio')).toMatchObject({ kind: 'keychain' })
  })

  it('a key kept for the session is gone from every store when cleared', async () => {
    const { keychain, state } = fakeKeychain()
    const safeStorage = fakeSafeStorage()
    const encryptedFile = fileStore('gnome_libsecret', false, safeStorage)
    const session = createMemorySecretStore()
    const chain = createSecretChain({ keychain, encryptedFile, session })
    await chain.set('studio', 'sk-kc')
    // Neither the keychain nor the OS encryption answers: the newer key is kept for the session,
    // the older one stays in the keychain.
    state.refusal = 'locked'
    safeStorage.available = false
    await chain.set('studio', 'sk-session')
    expect(await chain.describe('studio')).toMatchObject({ kind: 'session' })
    // And a stale copy in the file, as an earlier fallback would have left it.
    safeStorage.available = true
    await encryptedFile.set('studio', 'sk-file')
    state.refusal = undefined
    await chain.delete('studio')
    expect(await chain.get('studio')).toBeUndefined()
    expect(session.has('studio')).toBe(false)
    expect(state.keys.has('studio')).toBe(false)
    expect(await encryptedFile.has('studio')).toBe(false)
  })

  it('tells its problem listener why a store did not answer', async () => {
    const { keychain, state } = fakeKeychain()
    state.refusal = 'Cannot create an item in a locked collection'
    const problems: unknown[] = []
    const chain = createSecretChain({ keychain, onProblem: (problem) => problems.push(problem) })
    await chain.set('studio', 'sk-x-12345')
    expect(problems).toEqual([{ code: 'keychain.unavailable', os: 'Cannot create an item in a locked collection' }])
  })
})
