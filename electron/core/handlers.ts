import type { CoreHandlers } from '../../shared/contract'
import { appHandlers } from './app/handlers'
import { catalogHandlers } from './catalog/handlers'
import type { CatalogService } from './catalog/service'
import { inputHandlers } from './images/handlers'
import type { InputStore } from './images/store'
import { draftHandlers } from './shaping/handlers'
import { libraryHandlers } from './library/handlers'
import { libraryFolderHandlers } from './library/folder-handlers'
import type { LibraryMover } from './library/move'
import { libraryViewHandlers } from './library/days'
import { clipHandlers } from './library/clips-handlers'
import { sequenceHandlers } from './sequences/handlers'
import { createSequenceStore } from './sequences/store'
import type { Library } from './library/library'
import type { LogHub } from './logger'
import { type CorePorts, systemClock } from './ports'
import { secretsHandlers } from './secrets/handlers'
import { packHandlers } from './packs/handlers'
import { profileTestHandlers } from './service/handlers'
import type { RecentAnswers } from './service/recent-answers'
import type { SecretsService } from './secrets/service'
import { settingsHandlers } from './settings/handlers'
import { jobsHandlers } from './jobs/handlers'
import { costHandlers } from './cost/handlers'
import { promptHandlers } from './prompts/handlers'
import { storyboardHandlers } from './storyboards/handlers'
import type { EventBus } from './events'
import type { PromptHistory } from './prompts/history'
import type { JobRunner } from './jobs/runner'
import type { SandboxHost } from './sandbox/host'
import type { ConnectionMonitor } from './connection/monitor'
import type { SettingsService } from './settings/service'

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
}

/**
 * Every procedure of the contract, each implemented by its domain. `satisfies` makes a missing
 * or misspelt procedure a compile error; a type test (tests/core/contract.test.ts) also fails
 * on an extra one.
 */
export function buildHandlers(deps: HandlerDeps) {
  return {
    ...appHandlers(deps.ports, deps.logs, deps.startedAt, () => deps.library.folder),
    ...catalogHandlers(deps.catalog),
    ...inputHandlers(deps.inputs),
    ...draftHandlers({ catalog: deps.catalog, inputs: deps.inputs }),
    ...settingsHandlers(deps.settings, deps.secrets),
    ...profileTestHandlers({ recent: deps.recent, redact: deps.logs.redact }),
    ...packHandlers({ settings: deps.settings, catalog: deps.catalog, shell: deps.ports.shell, redact: deps.logs.redact, log: deps.logs.root.scope('packs') }),
    ...secretsHandlers(deps.secrets),
    ...libraryHandlers(deps.library),
    ...libraryFolderHandlers(deps.mover, deps.ports.shell),
    ...libraryViewHandlers(deps.library),
    ...clipHandlers(deps.library, () => deps.settings.current().results.maxSizeMB * 1024 * 1024),
    ...sequenceHandlers(createSequenceStore({ folder: () => deps.library.folder, clock: deps.ports.clock ?? systemClock, log: deps.logs.root.scope('sequences'), shell: deps.ports.shell }), deps.library),
    ...jobsHandlers(deps.jobs),
    ...costHandlers({ catalog: deps.catalog, jobs: deps.jobs, settings: deps.settings, clock: deps.ports.clock ?? systemClock }),
    ...promptHandlers(deps.prompts),
    ...storyboardHandlers({ inputs: deps.inputs, catalog: deps.catalog, jobs: deps.jobs, events: deps.events, library: deps.library, settings: deps.settings }),
    ...deps.sandbox.handlers,
    ...deps.connection.handlers,
  } satisfies CoreHandlers
}
