import type { LibraryChanged } from '../../../shared/contract/library'
import type { MadeBy } from '../../../shared/library'
import type { InputStore } from '../images/store'
import type { Logger } from '../logger'
import type { Clock, ShellPort } from '../ports'
import type { Studio } from '../studio/studio'
import type { ItemStore } from './store'

/** What the library needs of the input store (electron/core/images/store.ts): lookups by hash. */
export type InputLookup = Pick<InputStore, 'dir' | 'get' | 'pathOf'>

/** The steps of an import, named for the crash tests that stop a real process after each. */
export type ImportStep = 'measured' | 'embedded' | 'poster' | 'sidecar' | 'video' | 'indexed'

/** What the library's parts share. One per open library. */
export interface LibraryContext {
  readonly root: string
  readonly store: ItemStore
  /** What this library's machines edit together: marks here (electron/core/studio). */
  readonly studio: Studio
  readonly log: Logger
  readonly clock: Clock
  readonly shell: ShellPort | undefined
  readonly inputs: InputLookup | undefined
  readonly emit: (change: LibraryChanged) => void
  /** Resolves when the first page can be served (warm index loaded, or rebuilt). */
  readonly ready: Promise<void>
  /** The latest check of the folder against the index (the opening one, or a later rescan). */
  validated(): Promise<void>
  /** Runs changes to the folder one at a time (imports, updates, deletes, posters). */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Called by every change so that a scan running meanwhile does not undo it. */
  touch(id: string): void
  /** Who makes results here, for new sidecars. */
  readonly madeBy?: () => MadeBy | undefined
  readonly afterStep?: (step: ImportStep, id: string) => Promise<void> | void
}
