/**
 * The fallback when no keychain answers: Electron `safeStorage` ciphertext in a file of our own,
 * written atomically. The only secrets adapter that touches Electron, and it does so through the
 * small interface below, passed in, so it is tested with a fake and without the Electron binary.
 */
import { readFile } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../../core/files/atomic'
import type { SecretStoreDescription } from '../../core/ports'
import type { EncryptedFileStore, FileAvailability } from '../../node/secrets/secret-chain'

/** The part of Electron's `safeStorage` we use; Electron's own object satisfies it. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: which password store protects the encryption key. */
  getSelectedStorageBackend?(): string
  /** Linux only: allow the fixed-password (basic_text) key when no keyring exists. */
  setUsePlainTextEncryption?(usePlainText: boolean): void
}

export interface SafeStorageStoreOptions {
  /** The ciphertext file, e.g. <userData>/secrets.json. */
  readonly file: string
  readonly platform?: NodeJS.Platform
  /** The designer's consent to basic_text encryption (settings.allowBasicTextEncryption). */
  readonly allowBasicText?: () => boolean
}

interface SecretsFile {
  format: 'reelbox-secrets/1'
  /** Connection id → base64 of safeStorage ciphertext. */
  entries: Record<string, string>
}

export function createSafeStorageStore(safeStorage: SafeStorageLike, options: SafeStorageStoreOptions): EncryptedFileStore {
  const platform = options.platform ?? process.platform
  const allowBasicText = options.allowBasicText ?? (() => false)
  // Read-modify-write of one file: one change at a time.
  let queue: Promise<unknown> = Promise.resolve()

  function backend(): string | undefined {
    return platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined
  }

  function availability(): FileAvailability {
    const selected = backend()
    // Reasons are codes: the page and the log word them (problemWords.keyStore), never this shell.
    if (selected === 'unknown') return { ok: false, reason: { code: 'keyFile.notReady' } }
    if (selected === 'basic_text') {
      // basic_text encrypts with a password fixed in Chromium's source: obfuscation, not protection.
      if (!allowBasicText()) {
        return { ok: false, needsConsent: true, reason: { code: 'keyFile.needsConsent' } }
      }
      if (!safeStorage.isEncryptionAvailable()) safeStorage.setUsePlainTextEncryption?.(true)
    }
    if (!safeStorage.isEncryptionAvailable()) return { ok: false, reason: { code: 'keyFile.noEncryption' } }
    return { ok: true }
  }

  async function readEntries(): Promise<Record<string, string>> {
    let text: string
    try {
      text = await readFile(options.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw error
    }
    try {
      const parsed = JSON.parse(text) as Partial<SecretsFile>
      return parsed.format === 'reelbox-secrets/1' && parsed.entries && typeof parsed.entries === 'object' ? { ...parsed.entries } : {}
    } catch {
      return {}
    }
  }

  function change(edit: (entries: Record<string, string>) => boolean): Promise<void> {
    const run = queue.then(async () => {
      const entries = await readEntries()
      if (!edit(entries)) return
      const file: SecretsFile = { format: 'reelbox-secrets/1', entries }
      await writeFileAtomic(options.file, JSON.stringify(file, null, 2), { mode: 0o600 })
    })
    queue = run.catch(() => undefined)
    return run
  }

  function described(): SecretStoreDescription {
    const selected = backend()
    const via = platform === 'darwin' ? 'mac' : platform === 'win32' ? 'windows' : 'linux'
    return { kind: 'encrypted-file', persistent: true, reasons: [{ code: 'keyFile.encrypted', via, ...(via === 'linux' && { backend: selected ?? 'unknown' }) }] }
  }

  return {
    availability,
    has: async (account) => Object.hasOwn(await readEntries(), account),
    async get(account) {
      const entry = (await readEntries())[account]
      if (entry === undefined) return undefined
      try {
        return safeStorage.decryptString(Buffer.from(entry, 'base64'))
      } catch (error) {
        // Electron's own words, as they are: the chain reports them as `keyFile.unreadable`.
        throw new AppError('SECRET_STORE_UNAVAILABLE', (error as Error).message)
      }
    },
    async set(account, secret) {
      const ready = availability()
      if (!ready.ok) throw new AppError('SECRET_STORE_UNAVAILABLE', ready.reason.code, { details: { reason: ready.reason, needsConsent: ready.needsConsent ?? false } })
      const cipher = safeStorage.encryptString(secret).toString('base64')
      await change((entries) => {
        entries[account] = cipher
        return true
      })
    },
    delete: (account) =>
      change((entries) => {
        if (!Object.hasOwn(entries, account)) return false
        delete entries[account]
        return true
      }),
    describe: async () => described(),
  }
}
