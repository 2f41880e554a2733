/**
 * Everything the engine needs from the outside world, passed in by the shell that hosts it
 * (Electron main, web mode, CLI, tests). The core imports no Electron, keytar or electron-store:
 * it only sees these ports.
 */
import type { Agent } from 'node:http'
import type { Catalog, CatalogInput } from '../../shared/catalog'
import type { AppInfo } from '../../shared/contract/app'
import type { KeyStoreReason, SecretStoreKind } from '../../shared/contract/secrets'
import type { MadeBy } from '../../shared/library'
import type { BackoffPolicy } from './jobs/backoff'
import type { Logger, LogSink } from './logger'

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

/** Who hosts the engine, as facts it passes on and capabilities it adapts to (never the shell's name). */
export interface HostInfo {
  /** For `app.info` (the page offers what its shell can do) and the log; the engine never branches on it. */
  readonly shell: AppInfo['shell']
  readonly version: string
  readonly runtime: string
  /**
   * The shell shows the engine to the designer as it runs (a window, a page), so the engine keeps
   * it told: a heartbeat, and the active connection checked every 30 s for the offline banner.
   * A command that runs and exits has no one to tell. Default false.
   */
  readonly live?: boolean
}

/** fetch as Node has it: how the engine talks to services. */
export type FetchPort = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/**
 * How a result's bytes are fetched (default downloads/node-fetch.ts, over node:http(s)): one GET,
 * redirects not followed, answered as fetch answers. `agent` is the connection pool the download's
 * checks chose, which resolves names through LookupPort and refuses private addresses
 * (downloads/connect.ts); a port that routes a name elsewhere for a test passes it on for every
 * name it does not route.
 */
export type ResultFetchPort = (url: URL, init: { headers: Record<string, string>; signal: AbortSignal; agent?: Agent }) => Promise<Response>

/** How a host name becomes addresses (node:dns `lookup` with `all`); tests map names to loopback. */
export type LookupPort = (hostname: string) => Promise<string[]>

/** Where a secret is kept, as `secrets.status` reports it to the designer. */
export type { SecretStoreKind } from '../../shared/contract/secrets'

export interface SecretStoreDescription {
  kind: SecretStoreKind
  persistent: boolean
  /** Why this store, as codes the readers word (the keychain locked, the file needing consent …). */
  reasons?: KeyStoreReason[]
  /** An encrypted file would be possible with the designer's consent (Linux `basic_text`). */
  needsConsent?: boolean
}

/**
 * The API keys' home (the OS keychain through keytar, electron/node/secrets; in the app an
 * encrypted file next, electron/main/secrets).
 * Accounts are connection-profile ids. Implementations time out instead of hanging.
 */
export interface SecretStore {
  get(account: string): Promise<string | undefined>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
  /** Where `account`'s key is kept (without one, or without an account: where a new key would go), and why. */
  describe(account?: string): Promise<SecretStoreDescription>
}

/**
 * What only the desktop shell can do (Electron's `shell` module). Absent in web mode and the
 * CLI: the library then moves deleted items to `<library>/.reelbox/trash/` and answers that it
 * cannot open or reveal files.
 */
export interface ShellPort {
  /** Moves a file to the OS trash (Electron `shell.trashItem`). */
  trash?(file: string): Promise<void>
  /** Opens a file in its default app (Electron `shell.openPath`); rejects with the OS's reason. */
  openPath?(file: string): Promise<void>
  /** Shows a file in the OS file manager (Electron `shell.showItemInFolder`). */
  reveal?(file: string): Promise<void>
  /** Starts a native drag of a file out of the window (Electron `webContents.startDrag`); `icon`: the poster. */
  startDrag?(file: string, icon?: string): Promise<void>
  /** A native folder dialog (Electron `dialog.showOpenDialog`); undefined when the designer cancels. */
  chooseFolder?(options: { title?: string; defaultPath?: string }): Promise<string | undefined>
  /** A native save dialog (Electron `dialog.showSaveDialog`, which asks before replacing); undefined when cancelled. */
  chooseSaveFile?(options: { title?: string; defaultPath: string }): Promise<string | undefined>
}

/**
 * The built-in Sandbox (electron/sandbox), hosted by the shell: a local stand-in for the service
 * so the app works with no account and no network. `start` is idempotent and brings back the
 * same key, tasks and (if free) port after a restart, so jobs in flight finish.
 */
export interface SandboxPort {
  /** `log`: where the Sandbox's own lines go (codes of the catalogue's `log.sandbox`). */
  start(catalog: Catalog, log: Logger): Promise<{ baseUrl: string; apiKey: string }>
  stop(): Promise<void>
}

/** Raw persistence of the settings document (electron-store in the app, conf elsewhere). */
export interface SettingsStore {
  read(): unknown
  write(value: unknown): void
}

/**
 * Where the engine's worker threads are, as absolute paths: each build puts them somewhere of its
 * own (Electron's main bundle through electron-vite's `?modulePath`, web mode and the CLI in
 * `workers/` beside their bundles, electron/node/workers.ts). Default: the TypeScript sources,
 * run through tsx (tests).
 */
export interface WorkerFiles {
  /** library/checkpoint.worker.ts: copies the index's write-ahead log back. */
  readonly checkpoint: string
  /** library/folder-check.worker.ts: finds the library folders that changed. */
  readonly folderCheck: string
}

/**
 * The system's ffmpeg, as the shell finds it (the engine never reads PATH): with it, the engine
 * decodes the last frame of what its own decoder does not read (media/last-frame.ts). Optional:
 * without it, such a take is refused by name, saying what to do.
 */
export interface FfmpegPort {
  /** The path this run was given (the CLI's `--ffmpeg`): it comes before the one in Settings. */
  readonly given?: string
  /** An executable `ffmpeg` on the shell's PATH now, as an absolute path (one installed meanwhile counts). */
  onPath(): Promise<string | undefined>
}

export interface CorePorts {
  readonly host: HostInfo
  readonly paths: Paths
  readonly fetch?: FetchPort
  /** How result downloads fetch their bytes (default: node:http(s), downloads/node-fetch.ts). */
  readonly fetchResult?: ResultFetchPort
  /** Host names → addresses (default: the system resolver); result downloads check and connect with it alone (downloads/connect.ts). */
  readonly lookup?: LookupPort
  readonly clock?: Clock
  /** Extra places log lines go (stderr in the CLI, a file in the app); always redacted first. */
  readonly logSinks?: readonly LogSink[]
  /** Heartbeat period; 0 turns it off (default 5 s where the host is live, else off). */
  readonly heartbeatMs?: number
  /** Check every procedure's output against its schema (tests turn this on). */
  readonly validateOutputs?: boolean
  /** Trash, open and reveal for library items; see ShellPort. */
  readonly shell?: ShellPort
  /** Where API keys live; default: this session only (electron/core/secrets/memory-store.ts). */
  readonly secrets?: SecretStore
  /** Where the settings document is persisted; default: in memory (electron/core/settings/memory-store.ts). */
  readonly settings?: SettingsStore
  /** The built-in catalogue for this run (the CLI's --catalog); default: electron/core/catalog/default-catalog.json. */
  readonly catalog?: CatalogInput
  /** The built-in Sandbox, where the shell can host it. */
  readonly sandbox?: SandboxPort
  /** Resume unfinished jobs at start (default true; the CLI's read-only commands say false). */
  readonly resumeJobs?: boolean
  /** How often to check that the active connection answers (default 30 s where the host is live; 0: only on demand). */
  readonly connectionCheckMs?: number
  /** Poll timing (tests shorten it). */
  readonly polling?: BackoffPolicy
  /** Where this build's worker threads are (default: the sources, for tests). */
  readonly workers?: WorkerFiles
  /** How often, at most, the library folder is checked for other machines' changes (default 2.5 s where the host is live, else never; library/follow.ts). */
  readonly libraryFollowMs?: number
  /** Where the system's ffmpeg is, for last frames the engine cannot decode itself; see FfmpegPort. */
  readonly ffmpeg?: FfmpegPort
  /** Who makes results here: the OS user and host name, recorded in every new sidecar (`madeBy`). */
  readonly maker?: MadeBy
}
