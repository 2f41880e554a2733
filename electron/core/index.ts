/**
 * The engine's composition root. Everything with a side effect arrives as a port; what comes
 * out is a router (for the transports), an event bus and a logger.
 */
import { followBoards } from './storyboards/follow'
import { chmod, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { CallContext } from '../../shared/contract'
import { createCatalogService, type CatalogService } from './catalog/service'
import { buildHandlers } from './handlers'
import { createInputStore, type InputStore } from './images/store'
import { createEventBus, type EventBus } from './events'
import { LIBRARY_FOLLOW_MS } from './library/follow'
import { createLibrary, type Library } from './library/library'
import { createLibraryMover } from './library/move'
import { followPrompts } from './prompts/follow'
import { createPromptHistory } from './prompts/history'
import { createSwitchableLibrary } from './library/switchable'
import { createLogHub, type LogHub, type Logger } from './logger'
import { systemLookup } from './downloads/address'
import { systemClock, type CorePorts } from './ports'
import { createRouter, type Router } from './router'
import { createMemorySecretStore } from './secrets/memory-store'
import { createSecretsService, type SecretsApi } from './secrets/service'
import { createMemorySettingsStore } from './settings/memory-store'
import { createSettingsService, type SettingsApi } from './settings/service'
import { composeJobs } from './jobs/compose'
import type { JobRunner } from './jobs/runner'
import { createSandboxHost } from './sandbox/host'
import { createConnectionMonitor } from './connection/monitor'
import { createConnectionResolver, type ConnectionResolver } from './connection/resolve'
import { createRecentAnswers } from './service/recent-answers'
import { createFrameReader, type FrameReader } from './media/last-frame'
import { createTakeNames, type TakeNames } from './storyboards/take-names'

export interface Core {
  readonly router: Router
  readonly events: EventBus
  readonly logs: LogHub
  readonly log: Logger
  /** The effective model catalogue (default + the designer's import); `model(id)` for shaping. */
  readonly catalog: CatalogService
  /** The content-addressed input images (`<data>/inputs/`); shaping fits and encodes from it. */
  readonly inputs: InputStore
  /** The designer's settings and connections, for the engine's own parts (read-only; changes come through `settings.*`). */
  readonly settings: SettingsApi
  /** Connections' API keys, for request headers only; never into a log, a file or an event. */
  readonly secrets: SecretsApi
  /** The designer's library folder: `importResult` for the downloader, `respondMedia` for the media routes. */
  readonly library: Library
  /** Where a connection's requests go, with its key (for the CLI's one-off queries). */
  readonly connections: ConnectionResolver
  /** Every job: submit, poll, download, journaled (issue 4). */
  readonly jobs: JobRunner
  /** A take's last frame (Continue, a continuing shot): the engine's own decoder, then the system's ffmpeg. */
  readonly frames: FrameReader
  /** The file names of storyboard takes this machine has seen: a take deleted since is still named. */
  readonly takeNames: TakeNames
  /** Calls a procedure in-process (CLI, tests), with the same validation as a transport. */
  call(method: string, input?: unknown, ctx?: CallContext): Promise<unknown>
  dispose(): Promise<void>
}

export async function createCore(ports: CorePorts): Promise<Core> {
  // The data folder (journal, settings, caches, input images) is this user's alone, also when an
  // older build made it readable by others (issue 10 item 6).
  await mkdir(ports.paths.data, { recursive: true, mode: 0o700 })
  await chmod(ports.paths.data, 0o700)
  const clock = ports.clock ?? systemClock
  // Only a shell that shows the engine as it runs has anyone to keep told (HostInfo.live).
  const live = ports.host.live === true
  const heartbeatMs = ports.heartbeatMs ?? (live ? 5000 : 0)
  const startedAt = clock.now()
  const events = createEventBus()
  const logs = createLogHub(() => clock.now())
  for (const sink of ports.logSinks ?? []) logs.addSink(sink)
  logs.addSink((line) => events.emit('engine.log', line))
  const log = logs.root.scope('engine')

  const settings = createSettingsService({ store: ports.settings ?? createMemorySettingsStore(), events, log: logs.root.scope('settings') })
  const secrets = createSecretsService({
    store: ports.secrets ?? createMemorySecretStore(),
    settings,
    logs,
    log: logs.root.scope('secrets'),
    events,
    fetch: ports.fetch ?? fetch,
  })
  // Keys an old settings file held in clear text go to the keychain before the file is rewritten without them.
  await secrets.adoptLegacy(settings.takeLegacySecrets())
  settings.persistLoaded()

  const catalog = createCatalogService({
    dataDir: ports.paths.data,
    fetch: ports.fetch ?? fetch,
    log: logs.root.scope('catalog'),
    events,
    now: () => clock.now(),
    defaultCatalog: ports.catalog,
  })
  // A broken imported catalogue on disk is reported in catalog.get's `problem`, never fatal.
  await catalog.load()
  const inputs = createInputStore({ dataDir: ports.paths.data, log: logs.root.scope('inputs') })
  // Opens in the background: the first library.list waits for the index, nothing else does.
  // Boards follow what other machines change on them, in whichever library is open then.
  const followingBoards = followBoards({
    get library() {
      return library
    },
    events,
    log: logs.root.scope('storyboards'),
  })
  // One stable object whose folder follows settings.libraryDir (see library/switchable.ts).
  const library = createSwitchableLibrary({
    // The designer's chosen folder, else the shell's default (the OS videos folder).
    folder: settings.current().libraryDir ?? ports.paths.library,
    open: (folder, emit) =>
      createLibrary({
        library: folder,
        dataDir: ports.paths.data,
        clock,
        log: logs.root.scope('library'),
        emit,
        progress: (progress) => events.emit('library.indexing', progress),
        shell: ports.shell,
        inputs,
        workers: ports.workers,
        // Another machine's results show up while someone is looking (issue 27 item 4).
        followMs: ports.libraryFollowMs ?? (live ? LIBRARY_FOLLOW_MS : 0),
        // Read at each import: the designer may change their display name while the app runs.
        madeBy: () => {
          const name = settings.current().displayName
          return ports.maker && { ...ports.maker, ...(name ? { name } : {}) }
        },
        onStudioChange: followingBoards,
      }),
    emit: (change) => events.emit('library.changed', change),
    log: logs.root.scope('library'),
  })
  const stopFollowingFolder = settings.onChange((next, previous) => {
    if (next.libraryDir !== previous.libraryDir) void library.switchTo(next.libraryDir ?? ports.paths.library)
  })
  const mover = createLibraryMover({
    dataDir: ports.paths.data,
    library,
    setLibraryDir: (folder) => void settings.update({ libraryDir: folder }),
    emit: (progress) => events.emit('library.moveProgress', progress),
    log: logs.root.scope('library'),
    now: () => clock.now(),
  })
  // A move a crash interrupted finishes in the background (the library answers meanwhile).
  void mover.resume().catch((error: unknown) => log.error('engine.moveUnfinished', { reason: (error as Error).message }))

  const sandbox = createSandboxHost({ port: ports.sandbox, settings, catalog, log: logs.root.scope('sandbox') })
  const connections = createConnectionResolver({ settings, secrets, sandbox })
  // What each connection's service answered lately (memory only, redacted): the profile tester's.
  const recent = createRecentAnswers()
  const jobs = composeJobs({
    dataDir: ports.paths.data,
    clock,
    log: logs.root.scope('jobs'),
    events,
    fetch: ports.fetch ?? fetch,
    fetchResult: ports.fetchResult,
    lookup: ports.lookup ?? systemLookup,
    settings,
    connections,
    catalog,
    inputs,
    library: () => library,
    polling: ports.polling,
    recent,
  })

  const prompts = createPromptHistory({ dataDir: ports.paths.data, library: () => library, log: logs.root.scope('prompts') })
  const stopFollowingPrompts = followPrompts({ events, history: prompts, library: () => library, log: logs.root.scope('prompts') })

  const connection = createConnectionMonitor({
    settings,
    connections,
    fetch: ports.fetch ?? fetch,
    clock,
    events,
    log: logs.root.scope('connection'),
    intervalMs: ports.connectionCheckMs ?? (live ? 30_000 : 0),
  })
  const frames = createFrameReader({ ffmpeg: ports.ffmpeg, configured: () => settings.current().ffmpegPath, tempRoot: ports.paths.data })
  const takeNames = createTakeNames(path.join(ports.paths.data, 'take-names.json'))
  const router = createRouter(
    buildHandlers({ ports, logs, startedAt, catalog, inputs, settings, secrets, library, mover, jobs, sandbox, connection, recent, prompts, events, frames, takeNames }),
    logs.root.scope('router'),
    { validateOutputs: ports.validateOutputs },
  )
  if (ports.resumeJobs !== false) {
    // Jobs sent to the built-in Sandbox need it running again before they can be polled.
    await sandbox.resume().catch((error: unknown) => log.warn('engine.sandboxDidNotStart', { reason: (error as Error).message }))
  }
  await jobs.start({ resume: ports.resumeJobs !== false })

  let heartbeat: unknown
  const beat = (): void => {
    events.emit('engine.heartbeat', { time: clock.now(), uptimeMs: clock.now() - startedAt })
    heartbeat = clock.setTimeout(beat, heartbeatMs)
  }
  if (heartbeatMs > 0) heartbeat = clock.setTimeout(beat, heartbeatMs)

  log.info('engine.started', { shell: ports.host.shell, runtime: ports.host.runtime })

  return {
    router,
    events,
    logs,
    log,
    catalog,
    inputs,
    settings,
    secrets,
    library,
    connections,
    jobs,
    frames,
    takeNames,
    call: (method, input, ctx = { transport: 'test' }) => router.call(method, input, ctx),
    async dispose() {
      clock.clearTimeout(heartbeat)
      connection.dispose()
      stopFollowingFolder()
      await mover.stop()
      await jobs.dispose()
      // After the jobs (a last one may still be added) and before the library it reads closes.
      await stopFollowingPrompts()
      await sandbox.stop()
      await library.dispose()
    },
  }
}
