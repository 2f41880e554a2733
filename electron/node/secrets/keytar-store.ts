/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, the Linux Secret
 * Service. Web mode and the CLI use it too, so this file must never import `electron`.
 *
 * keytar is an optional dependency (a native module that may not have built), so it is loaded
 * on first use and a failure is reported, not thrown at start. Every call has a timeout: a
 * locked keyring on a desktop shows an unlock prompt and the call waits for it, for ever if
 * nobody answers.
 */
import type { KeyStoreReason } from '../../../shared/contract/secrets'
import { AppError } from '../../../shared/errors'
import type { SecretStore } from '../../core/ports'

export const KEYCHAIN_SERVICE = 'Reelbox'
const PROBE_ACCOUNT = 'reelbox-probe'

/** The part of keytar we use (our own port, so tests can load a real keytar in a child process). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export type Availability = { ok: true } | { ok: false; reason: KeyStoreReason }

export interface KeychainStore extends SecretStore {
  /** Does the keychain answer right now? Within the timeout, never throws. */
  probe(): Promise<Availability>
}

export interface KeytarStoreOptions {
  /** The keychain's service name; accounts are connection ids. */
  readonly service?: string
  /** Per call (default 10 s: long enough for a person to answer a macOS access prompt). */
  readonly timeoutMs?: number
  readonly load?: () => Promise<KeytarLike>
}

export async function loadKeytar(): Promise<KeytarLike> {
  const module = (await import('keytar')) as KeytarLike & { default?: KeytarLike }
  return module.default ?? module
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.split('\n')[0]!.trim() || 'unknown error'
}

/** English for logs and developers; readers word `reason` (its `os` part as the OS said it). */
function englishOf(reason: KeyStoreReason): string {
  switch (reason.code) {
    case 'keychain.notLoaded':
      return `keytar could not load (${reason.os})`
    case 'keychain.timedOut':
      return `no answer within ${reason.seconds} s (is it locked?)`
    case 'keychain.waiting':
      return 'an earlier request is still waiting for it (locked, or an unlock prompt is open)'
    default:
      return 'os' in reason && reason.os ? reason.os : reason.code
  }
}

/**
 * Thrown by every call that did not get an answer; the chain falls back and reports `reason`
 * (`reasonOf`). A bare string is the OS's own words for why the keychain refused.
 */
export function keychainUnavailable(reason: KeyStoreReason | string): AppError {
  const coded: KeyStoreReason = typeof reason === 'string' ? { code: 'keychain.unavailable', os: reason } : reason
  return new AppError('SECRET_STORE_UNAVAILABLE', `keychain unavailable: ${englishOf(coded)}`, { details: { reason: coded, timedOut: coded.code === 'keychain.timedOut' || coded.code === 'keychain.waiting' } })
}

/** Why a keychain call failed, as a code: the one it was thrown with, else the error's first line as the OS's words. */
export function keychainReasonOf(error: unknown): KeyStoreReason {
  const reason = error instanceof AppError ? error.details?.['reason'] : undefined
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') return reason as KeyStoreReason
  return { code: 'keychain.unavailable', os: firstLine(error) }
}

const TIMED_OUT = Symbol('timed out')

export function createKeytarStore(options: KeytarStoreOptions = {}): KeychainStore {
  const service = options.service ?? KEYCHAIN_SERVICE
  const timeoutMs = options.timeoutMs ?? 10_000
  const load = options.load ?? loadKeytar
  let loading: Promise<KeytarLike> | undefined
  // A call that timed out still occupies a thread until the keychain answers; start no other
  // meanwhile, or a locked keyring would pile up blocked threads (and prompts).
  let stuck: Promise<unknown> | undefined

  async function call<T>(operation: (keytar: KeytarLike) => Promise<T>): Promise<T> {
    let keytar: KeytarLike
    try {
      keytar = await (loading ??= load())
    } catch (error) {
      throw keychainUnavailable({ code: 'keychain.notLoaded', os: firstLine(error) })
    }
    if (stuck) throw keychainUnavailable({ code: 'keychain.waiting' })
    const pending = operation(keytar)
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs)
    })
    try {
      const result = await Promise.race([pending, timeout])
      if (result === TIMED_OUT) {
        stuck = pending.then(
          () => undefined,
          () => undefined,
        )
        void stuck.then(() => (stuck = undefined))
        throw keychainUnavailable({ code: 'keychain.timedOut', seconds: timeoutMs / 1000 })
      }
      return result as T
    } catch (error) {
      if (error instanceof AppError) throw error
      throw keychainUnavailable(firstLine(error))
    } finally {
      clearTimeout(timer)
    }
  }

  const store: KeychainStore = {
    get: async (account) => (await call((k) => k.getPassword(service, account))) ?? undefined,
    set: (account, secret) => call((k) => k.setPassword(service, account, secret)),
    delete: async (account) => void (await call((k) => k.deletePassword(service, account))),
    async probe() {
      try {
        await call((k) => k.getPassword(service, PROBE_ACCOUNT))
        return { ok: true }
      } catch (error) {
        return { ok: false, reason: keychainReasonOf(error) }
      }
    },
    async describe() {
      const answer = await store.probe()
      return answer.ok ? { kind: 'keychain', persistent: true } : { kind: 'keychain', persistent: true, reasons: [answer.reason] }
    },
  }
  return store
}

/**
 * The OS keychain, unless REELBOX_SECRET_STORE=session keeps this run out of it (tests and
 * throwaway runs: their keys then live for the session only). Every shell asks this, passing
 * the environment it reads.
 */
export function keychainFor(env: NodeJS.ProcessEnv): KeychainStore | undefined {
  return env['REELBOX_SECRET_STORE'] === 'session' ? undefined : createKeytarStore()
}
