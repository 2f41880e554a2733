/**
 * The one contract between the renderer and the engine: every procedure (`domain.verb`, zod
 * input and output) and every event the engine pushes. Declared once; the router, the renderer's
 * API (over either transport) and its `AppApi` type are all derived from this object.
 */
import type { z } from 'zod'
import type { ApiOf, Handlers } from './contract/define'
import { appEvents, appProcedures } from './contract/app'
import { catalogEvents, catalogProcedures } from './contract/catalog'
import { draftsProcedures } from './contract/drafts'
import { inputsProcedures } from './contract/inputs'
import { packsProcedures } from './contract/packs'
import { profilesEvents, profilesProcedures } from './contract/profiles'
import { secretsEvents, secretsProcedures } from './contract/secrets'
import { settingsEvents, settingsProcedures } from './contract/settings'
import { jobsEvents, jobsProcedures } from './contract/jobs'
import { sandboxProcedures } from './contract/sandbox'
import { connectionEvents, connectionProcedures } from './contract/connection'
import { libraryEvents, libraryProcedures } from './contract/library'
import { libraryFolderEvents, libraryFolderProcedures } from './contract/library-folder'
import { libraryViewProcedures } from './contract/library-view'
import { libraryClipsProcedures } from './contract/library-clips'
import { sequencesProcedures } from './contract/sequences'
import { promptsProcedures } from './contract/prompts'
import { costProcedures } from './contract/cost'
import { storyboardsEvents, storyboardsProcedures } from './contract/storyboards'

export const procedures = {
  ...appProcedures,
  ...catalogProcedures,
  ...draftsProcedures,
  ...inputsProcedures,
  ...settingsProcedures,
  ...profilesProcedures,
  ...packsProcedures,
  ...secretsProcedures,
  ...libraryProcedures,
  ...libraryViewProcedures,
  ...libraryClipsProcedures,
  ...sequencesProcedures,
  ...jobsProcedures,
  ...sandboxProcedures,
  ...connectionProcedures,
  ...libraryFolderProcedures,
  ...promptsProcedures,
  ...costProcedures,
  ...storyboardsProcedures,
}

export const events = {
  ...appEvents,
  ...catalogEvents,
  ...settingsEvents,
  ...profilesEvents,
  ...secretsEvents,
  ...jobsEvents,
  ...libraryEvents,
  ...storyboardsEvents,
  ...connectionEvents,
  ...libraryFolderEvents,
}

export const contract = { procedures, events }

export type Procedures = typeof procedures
export type ProcedureName = keyof Procedures
export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<N extends EventName> = z.output<Events[N]>
export type CoreHandlers = Handlers<Procedures>

/** Names in declaration order; what the renderer builds `api` from. */
export const procedureNames = Object.keys(procedures) as ProcedureName[]
export const eventNames = Object.keys(events) as EventName[]

export interface EventSource {
  on<N extends EventName>(event: N, listener: (payload: EventPayload<N>) => void): () => void
}

/** What the renderer talks to, the same over IPC and over WebSocket. */
export type AppApi = ApiOf<Procedures> & EventSource

export type { CallContext } from './contract/define'
export * from './contract/app'
