/**
 * Everything the engine needs from the outside world, passed in by the shell that hosts it
 * (Electron main, web mode, CLI, tests). The core imports no Electron, keytar or electron-store:
 * it only sees these ports.
 */
import type { LogSink } from './logger'

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface Paths {
  /** The app's own data: journal, index caches, input store, settings. */
  readonly data: string
  /** The designer's library folder (default: the OS videos folder). */
  readonly library: string
}

export interface HostInfo {
  readonly shell: 'electron' | 'web' | 'cli'
  readonly version: string
  readonly runtime: string
}

export type FetchPort = typeof fetch

/** Where a secret is kept, as `secrets.status` reports it to the designer. */
export type SecretStoreKind = 'keychain' | 'encrypted-file' | 'session' | 'environment'

/**
 * The API keys' home (the OS keychain through keytar in the app; see electron/main/secrets).
 * Accounts are connection-profile ids. Implementations time out instead of hanging.
 */
export interface SecretStore {
  get(account: string): Promise<string | undefined>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
  /** Which store holds secrets right now, and why (e.g. "keychain locked: kept for this session"). */
  describe(): Promise<{ kind: SecretStoreKind; persistent: boolean; detail?: string }>
}

/** Raw persistence of the settings document (electron-store in the app, conf elsewhere). */
export interface SettingsStore {
  read(): unknown
  write(value: unknown): void
}

export interface CorePorts {
  readonly host: HostInfo
  readonly paths: Paths
  readonly fetch?: FetchPort
  readonly clock?: Clock
  /** Extra places log lines go (stderr in the CLI, a file in the app); always redacted first. */
  readonly logSinks?: readonly LogSink[]
  /** Heartbeat period; 0 turns it off (the CLI has no one to tell). */
  readonly heartbeatMs?: number
  /** Check every procedure's output against its schema (tests turn this on). */
  readonly validateOutputs?: boolean
}
