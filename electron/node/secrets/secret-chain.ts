/**
 * Which store keeps a key: the OS keychain when it answers; else an OS-encrypted file when that is
 * allowed (Electron only, and on Linux `basic_text` only with consent); else this session only.
 * Plain Node (no `electron` import): web mode and the CLI chain the keychain and the session.
 *
 * Reading looks newest-first: a key kept for the session was set after anything persisted (a
 * successful keychain write removes the fallbacks' copies), and a file entry exists only because
 * the keychain failed when it was written. So an old keychain entry never shadows a newer key.
 */
import { createMemorySecretStore } from '../../core/secrets/memory-store'
import type { KeyStoreReason, KeyStoreReasonCode } from '../../../shared/contract/secrets'
import type { SecretStore, SecretStoreDescription } from '../../core/ports'
import { keychainReasonOf, type KeychainStore } from './keytar-store'

export type FileAvailability = { ok: true } | { ok: false; reason: KeyStoreReason; needsConsent?: boolean }

/** The reasons a store's failure is reported with (the log words each by `code`; `os` as the OS said it). */
const PROBLEM_CODES = ['keychain.unavailable', 'keychain.notLoaded', 'keychain.timedOut', 'keychain.waiting', 'keyFile.unreadable'] as const satisfies readonly KeyStoreReasonCode[]
export type KeyStoreProblem = Extract<KeyStoreReason, { code: (typeof PROBLEM_CODES)[number] }>
const isProblem = (reason: KeyStoreReason): reason is KeyStoreProblem => (PROBLEM_CODES as readonly string[]).includes(reason.code)

/** An OS-encrypted file of keys (Electron's safeStorage in the app: electron/main/secrets). */
export interface EncryptedFileStore extends SecretStore {
  /** May keys be written now? Consent for basic_text is asked each time (it can change). */
  availability(): FileAvailability
  /** Is there an entry for `account` (without decrypting it)? */
  has(account: string): Promise<boolean>
}

export interface SecretChainOptions {
  /** Absent when this shell has no keychain at all. */
  readonly keychain?: KeychainStore
  /** Absent outside Electron. */
  readonly encryptedFile?: EncryptedFileStore
  readonly session?: SecretStore & { has(account: string): boolean }
  /** Told when a store did not answer, as a code for the log (no secret is ever in it). */
  readonly onProblem?: (problem: KeyStoreProblem) => void
}

/** An encrypted file's failure: its own words (fs, or Electron's decryption), first line only. */
function fileProblem(error: unknown): KeyStoreProblem {
  const text = error instanceof Error ? error.message : String(error)
  return { code: 'keyFile.unreadable', os: text.split('\n')[0]!.trim() }
}

const asProblem = (reason: KeyStoreReason): KeyStoreProblem => (isProblem(reason) ? reason : { code: 'keychain.unavailable' })

export function createSecretChain(options: SecretChainOptions): SecretStore {
  const session = options.session ?? createMemorySecretStore()
  const { keychain, encryptedFile } = options
  let keychainProblem: KeyStoreReason | undefined = keychain ? undefined : { code: 'keychain.none' }
  const notify = (problem: KeyStoreProblem): void => options.onProblem?.(problem)
  const keychainReason = (): KeyStoreReason => keychainProblem ?? { code: 'keychain.unavailable' }

  async function tryKeychain<T>(operation: (store: KeychainStore) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (!keychain) return { ok: false }
    try {
      const value = await operation(keychain)
      keychainProblem = undefined
      return { ok: true, value }
    } catch (error) {
      keychainProblem = keychainReasonOf(error)
      notify(asProblem(keychainProblem))
      return { ok: false }
    }
  }

  const quietly = async (work: Promise<unknown> | undefined): Promise<void> => {
    await work?.catch((error: unknown) => notify(fileProblem(error)))
  }

  /** Why a key is (or would be) kept for this session only. */
  function sessionDescription(): SecretStoreDescription {
    const file = encryptedFile?.availability()
    const reasons = [keychainReason(), ...(file && !file.ok ? [file.reason] : [])]
    return { kind: 'session', persistent: false, reasons, ...(file && !file.ok && file.needsConsent ? { needsConsent: true } : {}) }
  }

  async function fileDescription(): Promise<SecretStoreDescription> {
    const described = await encryptedFile!.describe()
    return { ...described, reasons: [keychainReason(), ...(described.reasons ?? [])] }
  }

  const fileUsable = (): boolean => encryptedFile?.availability().ok === true

  return {
    async get(account) {
      if (session.has(account)) return session.get(account)
      if (fileUsable() && (await encryptedFile!.has(account))) {
        try {
          return await encryptedFile!.get(account)
        } catch (error) {
          notify(fileProblem(error))
        }
      }
      const found = await tryKeychain((k) => k.get(account))
      return found.ok ? found.value : undefined
    },

    async set(account, secret) {
      if ((await tryKeychain((k) => k.set(account, secret))).ok) {
        await session.delete(account)
        await quietly(encryptedFile?.delete(account))
        return
      }
      if (fileUsable()) {
        try {
          await encryptedFile!.set(account, secret)
          await session.delete(account)
          return
        } catch (error) {
          notify(fileProblem(error))
        }
      }
      await session.set(account, secret)
      // An older file entry would come back after a restart; the newer key must win or be absent.
      await quietly(encryptedFile?.delete(account))
    },

    async delete(account) {
      await session.delete(account)
      await quietly(encryptedFile?.delete(account))
      await tryKeychain((k) => k.delete(account))
    },

    async describe(account) {
      if (account !== undefined) {
        if (session.has(account)) return sessionDescription()
        if (fileUsable() && (await encryptedFile!.has(account))) return fileDescription()
        const found = await tryKeychain((k) => k.get(account))
        if (found.ok && found.value !== undefined) return { kind: 'keychain', persistent: true }
      }
      // No key yet: where a new one would go.
      if (keychain) {
        const answer = await keychain.probe()
        if (answer.ok) {
          keychainProblem = undefined
          return { kind: 'keychain', persistent: true }
        }
        keychainProblem = answer.reason
      }
      if (fileUsable()) return fileDescription()
      return sessionDescription()
    },
  }
}
