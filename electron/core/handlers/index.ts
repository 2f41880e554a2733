import type { CoreHandlers } from '../../../shared/contract'
import type { CatalogService } from '../catalog/service'
import type { ConnectionMonitor } from '../connection/monitor'
import type { InputStore } from '../images/store'
import type { JobRunner } from '../jobs/runner'
import type { Library } from '../library/library'
import type { LibraryMover } from '../library/move'
import type { LogHub } from '../logger'
import type { FrameReader } from '../media/last-frame'
import { type CorePorts, systemClock } from '../ports'
import type { PromptHistory } from '../prompts/history'
import type { SandboxHost } from '../sandbox/host'
import type { SecretsService } from '../secrets/service'
import { createSequenceStore } from '../sequences/store'
import type { TakeNames } from '../storyboards/take-names'
import type { RecentAnswers } from '../service/recent-answers'
import type { EventBus } from '../events'
import type { SettingsService } from '../settings/service'
import { appHandlers } from './app'
import { catalogHandlers } from './catalog'
import { connectionHandlers } from './connection'
import { costHandlers } from './cost'
import { draftsHandlers } from './drafts'
import { inputsHandlers } from './inputs'
import { jobsHandlers } from './jobs'
import { libraryHandlers } from './library'
import { libraryClipsHandlers } from './library-clips'
import { libraryFolderHandlers } from './library-folder'
import { libraryViewHandlers } from './library-view'
import { packsHandlers } from './packs'
import { profilesHandlers } from './profiles'
import { promptsHandlers } from './prompts'
import { sandboxHandlers } from './sandbox'
import { secretsHandlers } from './secrets'
import { sequencesHandlers } from './sequences'
import { settingsHandlers } from './settings'
import { storyboardsHandlers } from './storyboards'

export interface HandlerDeps {
  readonly ports: CorePorts
  readonly logs: LogHub
  readonly startedAt: number
  readonly catalog: CatalogService
  readonly inputs: InputStore
  readonly settings: SettingsService
  readonly secrets: SecretsService
  readonly library: Library
  readonly mover: LibraryMover
  readonly jobs: JobRunner
  readonly sandbox: SandboxHost
  readonly connection: ConnectionMonitor
  /** Each connection's last answers, for the profile tester. */
  readonly recent: RecentAnswers
  readonly prompts: PromptHistory
  readonly events: EventBus
  readonly frames: FrameReader
  readonly takeNames: TakeNames
}

/**
 * Every procedure of the contract, each implemented in the file named after its contract file
 * (`shared/contract/<domain>.ts` ↔ `handlers/<domain>.ts`, typed `Handlers<typeof <domain>Procedures>`,
 * so a file answers exactly its domain). `satisfies` makes a missing procedure a compile error;
 * a type test (tests/core/contract.test.ts) also fails on an extra one.
 */
export function buildHandlers(deps: HandlerDeps) {
  const { ports, logs, settings, library } = deps
  const clock = ports.clock ?? systemClock
  return {
    ...appHandlers(ports, logs, deps.startedAt, () => library.folder, deps.frames),
    ...catalogHandlers(deps.catalog),
    ...draftsHandlers({ catalog: deps.catalog, inputs: deps.inputs }),
    ...inputsHandlers(deps.inputs),
    ...settingsHandlers(settings),
    ...profilesHandlers({ settings, secrets: deps.secrets, recent: deps.recent, redact: logs.redact }),
    ...packsHandlers({ settings, catalog: deps.catalog, shell: ports.shell, redact: logs.redact, log: logs.root.scope('packs') }),
    ...secretsHandlers(deps.secrets),
    ...libraryHandlers(library),
    ...libraryViewHandlers(library),
    ...libraryClipsHandlers(library, () => settings.current().results.maxSizeMB * 1024 * 1024, deps.frames, deps.inputs),
    ...libraryFolderHandlers(deps.mover, ports.shell),
    ...sequencesHandlers(createSequenceStore({ folder: () => library.folder, studio: () => library.studio, clock, log: logs.root.scope('sequences'), shell: ports.shell }), library),
    ...jobsHandlers(deps.jobs),
    ...sandboxHandlers(deps.sandbox),
    ...connectionHandlers(deps.connection),
    ...promptsHandlers(deps.prompts),
    ...costHandlers({ catalog: deps.catalog, jobs: deps.jobs, settings, clock }),
    ...storyboardsHandlers({ inputs: deps.inputs, catalog: deps.catalog, jobs: deps.jobs, events: deps.events, library, settings, frames: deps.frames, takeNames: deps.takeNames, log: logs.root.scope('storyboards') }),
  } satisfies CoreHandlers
}
