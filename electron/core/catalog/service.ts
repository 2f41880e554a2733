import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { CatalogInput, CatalogDocument, Model } from '../../../shared/catalog'
import type { CatalogSource, CatalogState } from '../../../shared/contract/catalog'
import { AppError } from '../../../shared/errors'
import type { EventBus } from '../events'
import { isCode, writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import type { FetchPort } from '../ports'
import defaultCatalogJson from './default-catalog.json'
import { mergeCatalogs, parseCatalogValue, parseCatalogText, type Layer } from './document'
import { textFromBytes, textFromPath, textFromUrl, type FetchedText } from './sources'

export interface CatalogServiceOptions {
  readonly dataDir: string
  readonly fetch: FetchPort
  readonly log: Logger
  readonly events: Pick<EventBus, 'emit'>
  readonly now?: () => number
  /** The built-in catalogue (tests may pass another). */
  readonly defaultCatalog?: CatalogInput
  /** Largest catalogue accepted from a file or URL. */
  readonly maxBytes?: number
  readonly timeoutMs?: number
}

export type ImportFileInput = { readonly name: string; readonly bytes: Uint8Array } | { readonly path: string }

export interface CatalogService {
  /** Reads the stored user catalogue; a broken one is reported in `state().problem`, never fatal. */
  load(): Promise<CatalogState>
  state(): CatalogState
  /** The effective catalogue's model, or undefined. */
  model(id: string): Model | undefined
  importFile(input: ImportFileInput): Promise<CatalogState>
  importUrl(url: string): Promise<CatalogState>
  /** Forgets the imported catalogue. */
  reset(): Promise<CatalogState>
}

/** What sits in `<dataDir>/catalog/user-catalog.json`: the imported document and where it came from. */
const StoredUserCatalog = z.object({
  version: z.literal(1),
  source: z.object({ kind: z.enum(['file', 'url']), name: z.string(), importedAt: z.number() }),
  catalog: z.unknown(),
})
type StoredSource = z.infer<typeof StoredUserCatalog>['source']

export const DEFAULT_SOURCE = 'the default catalogue'

function indexModels(state: CatalogState): Map<string, Model> {
  return new Map(state.catalog.models.map((m) => [m.id, m]))
}

export function userCatalogFile(dataDir: string): string {
  return path.join(dataDir, 'catalog', 'user-catalog.json')
}

export function createCatalogService(options: CatalogServiceOptions): CatalogService {
  const { log, events } = options
  const now = options.now ?? Date.now
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
  const timeoutMs = options.timeoutMs ?? 15_000
  const file = userCatalogFile(options.dataDir)
  // The default is ours: if it does not parse, that is a bug to see at once, not a user problem.
  const base: Layer = { doc: parseCatalogValue(options.defaultCatalog ?? defaultCatalogJson, DEFAULT_SOURCE), source: DEFAULT_SOURCE }

  let state = stateOf(undefined, undefined)
  let byId = indexModels(state)
  // One change at a time, so the file on disk and the state in memory never disagree.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  function stateOf(user: { doc: CatalogDocument; source: StoredSource } | undefined, problem: CatalogState['problem']): CatalogState {
    const merged = mergeCatalogs(base, user && { doc: user.doc, source: user.source.name })
    const sources: CatalogSource[] = []
    if (!user?.doc.replaceDefault) sources.push({ kind: 'default', name: base.doc.name, modelCount: base.doc.models.length })
    if (user) sources.push({ kind: user.source.kind, name: user.source.name, importedAt: user.source.importedAt, modelCount: user.doc.models.length })
    return { catalog: merged.catalog, placeholder: merged.placeholder, sources, ...(problem ? { problem } : {}) }
  }

  function publish(next: CatalogState): CatalogState {
    state = next
    byId = indexModels(next)
    events.emit('catalog.changed', next)
    return next
  }

  async function adopt(fetched: FetchedText, kind: StoredSource['kind']): Promise<CatalogState> {
    const doc = parseCatalogText(fetched.text, fetched.name)
    const source: StoredSource = { kind, name: fetched.name, importedAt: now() }
    // Merge before writing: a catalogue that only fails once merged must not reach the disk.
    const next = stateOf({ doc, source }, undefined)
    try {
      await writeFileAtomic(file, JSON.stringify({ version: 1, source, catalog: doc }, null, 2) + '\n')
    } catch (error) {
      throw new AppError('DISK', `Could not save the imported catalogue in ${path.dirname(file)}: ${error instanceof Error ? error.message : String(error)}`)
    }
    log.info(doc.replaceDefault ? 'catalog.importedReplacing' : 'catalog.imported', { count: doc.models.length, name: fetched.name })
    return publish(next)
  }

  async function readStored(): Promise<{ doc: CatalogDocument; source: StoredSource } | undefined> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined
      throw error
    }
    const stored = StoredUserCatalog.safeParse(JSON.parse(text))
    if (!stored.success) throw new Error(`${file} is not a saved catalogue`)
    return { doc: parseCatalogValue(stored.data.catalog, stored.data.source.name), source: stored.data.source }
  }

  return {
    load: () =>
      serial(async () => {
        try {
          const user = await readStored()
          return publish(stateOf(user, undefined))
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          const problem = { code: 'catalog.unreadable', params: { reason } } as const
          log.warn(problem.code, problem.params)
          return publish(stateOf(undefined, problem))
        }
      }),
    state: () => state,
    model: (id) => byId.get(id),
    importFile: (input) =>
      serial(async () => {
        const fetched = 'path' in input ? await textFromPath(input.path, maxBytes) : textFromBytes(input.name, input.bytes, maxBytes)
        return adopt(fetched, 'file')
      }),
    importUrl: (url) => serial(async () => adopt(await textFromUrl(url, options.fetch, { maxBytes, timeoutMs }), 'url')),
    reset: () =>
      serial(async () => {
        try {
          await rm(file, { force: true })
        } catch (error) {
          throw new AppError('DISK', `Could not remove ${file}: ${error instanceof Error ? error.message : String(error)}`)
        }
        log.info('catalog.backToDefault')
        return publish(stateOf(undefined, undefined))
      }),
  }
}
