import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { isCode, writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import type { Clock } from '../ports'
import type { Entry } from './entry'

/**
 * The index cache: ONE file per library folder, `<data>/library-index/<hash of the folder>.json`.
 * A cache and nothing more: missing, from another version, for another folder or unreadable, it
 * is simply rebuilt from the sidecars.
 */
export const INDEX_VERSION = 1

interface IndexFile {
  version: number
  library: string
  savedAt: number
  entries: Entry[]
}

export function indexFileOf(dataDir: string, library: string): string {
  const key = createHash('sha256').update(path.resolve(library)).digest('hex').slice(0, 16)
  return path.join(dataDir, 'library-index', `${key}.json`)
}

export type LoadedIndex = { ok: true; entries: Entry[]; savedAt: number } | { ok: false; reason: string }

/** Entries are checked for shape, not re-validated field by field: the file is only ever ours. */
function looksLikeEntry(value: unknown): value is Entry {
  if (!value || typeof value !== 'object') return false
  const e = value as Partial<Entry>
  return typeof e.rel === 'string' && typeof e.item?.id === 'string' && typeof e.item.finishedAt === 'number' && typeof e.item.prompt === 'string' && Array.isArray(e.item.tags)
}

export async function loadIndex(file: string, library: string): Promise<LoadedIndex> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    return { ok: false, reason: isCode(error, 'ENOENT') ? 'missing' : `unreadable (${(error as Error).message})` }
  }
  let data: Partial<IndexFile>
  try {
    data = JSON.parse(text) as Partial<IndexFile>
  } catch {
    return { ok: false, reason: 'corrupt (not JSON)' }
  }
  if (data.version !== INDEX_VERSION) return { ok: false, reason: `version ${String(data.version)}, expected ${INDEX_VERSION}` }
  if (data.library !== path.resolve(library)) return { ok: false, reason: 'made for another folder' }
  if (!Array.isArray(data.entries) || !data.entries.every(looksLikeEntry)) return { ok: false, reason: 'corrupt (bad entries)' }
  if (new Set(data.entries.map((e) => e.item.id)).size !== data.entries.length) return { ok: false, reason: 'corrupt (an id twice)' }
  return { ok: true, entries: data.entries, savedAt: typeof data.savedAt === 'number' ? data.savedAt : 0 }
}

export interface IndexSaver {
  /** Asks for a save soon; many changes in a burst make one write. */
  schedule(): void
  /** Writes now if anything is pending (on dispose, in tests). */
  flush(): Promise<void>
}

export function createIndexSaver(options: {
  file: string
  library: string
  entries: () => readonly Entry[]
  clock: Clock
  debounceMs: number
  log: Logger
}): IndexSaver {
  const { clock, log } = options
  let timer: unknown
  let dirty = false
  let writing: Promise<void> = Promise.resolve()

  function write(): Promise<void> {
    clock.clearTimeout(timer)
    timer = undefined
    if (!dirty) return writing
    dirty = false
    const body: IndexFile = { version: INDEX_VERSION, library: path.resolve(options.library), savedAt: clock.now(), entries: [...options.entries()] }
    // Writes are chained: an older snapshot can never land after a newer one.
    writing = writing.then(() =>
      writeFileAtomic(options.file, JSON.stringify(body)).catch((error: unknown) => {
        log.warn(`Could not save the library index (${(error as Error).message}); it will be rebuilt if needed.`)
      }),
    )
    return writing
  }

  return {
    schedule() {
      dirty = true
      if (timer === undefined) timer = clock.setTimeout(() => void write(), options.debounceMs)
    },
    flush: write,
  }
}
