import { readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { PromptEntry } from '../../../shared/contract/prompts'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic'
import type { Library } from '../library/library'
import { searchable } from '../library/query'
import type { Logger } from '../logger'

/**
 * The prompt history (issue 17 item 5): every prompt sent, once, newest first, in one small file
 * in the data folder (`prompt-history.json`, written atomically, 0600).
 *
 * The library's sidecars hold every prompt that made a video, so the file is a convenience that
 * can be lost: a missing or unreadable file is rebuilt from the library the first time the
 * history is listed. Until then (`complete: false`) what is recorded is kept and the library's
 * prompts are merged in later, so a `reelbox submit` never has to open the library to record.
 *
 * Every operation reads the file, changes it and writes it whole, one at a time: the app and a
 * `reelbox` command share it, and the last writer keeps what the other wrote before it read.
 */
export const PROMPT_HISTORY_FILE = 'prompt-history.json'
/** Unstarred prompts kept; the oldest go first. Starred ones are always kept. */
export const HISTORY_LIMIT = 1000
const LIBRARY_PAGE = 500

const Stored = z.object({
  text: z.string(),
  models: z.array(z.string()),
  usedAt: z.number(),
  starred: z.boolean().default(false),
  latestId: z.string().optional(),
  latestAt: z.number().optional(),
})
type Stored = z.output<typeof Stored>
const HistoryFile = z.object({ version: z.literal(1), complete: z.boolean(), entries: z.array(Stored) })
type HistoryFile = z.output<typeof HistoryFile>

/** One use of a prompt: sent to `modelId` at `at`; `itemId` when it is a result in the library. */
export interface PromptUse {
  prompt: string
  modelId?: string
  at: number
  itemId?: string
}

export interface PromptHistory {
  record(use: PromptUse): Promise<void>
  list(query: { search?: string; starred?: boolean; limit: number }): Promise<{ entries: PromptEntry[]; total: number }>
  star(text: string, starred: boolean): Promise<PromptEntry>
  clear(): Promise<number>
}

export interface PromptHistoryDeps {
  dataDir: string
  library: () => Pick<Library, 'list' | 'get'>
  log: Logger
}

/** The same prompt is the same words: surrounding space does not make another. */
const keyOf = (text: string): string => text.trim()

function apply(file: HistoryFile, use: PromptUse): void {
  const text = keyOf(use.prompt)
  if (!text) return
  let entry = file.entries.find((e) => e.text === text)
  if (!entry) file.entries.push((entry = { text, models: [], usedAt: use.at, starred: false }))
  const newest = use.at >= entry.usedAt
  if (use.modelId && !entry.models.includes(use.modelId)) entry.models = newest ? [use.modelId, ...entry.models] : [...entry.models, use.modelId]
  else if (use.modelId && newest) entry.models = [use.modelId, ...entry.models.filter((m) => m !== use.modelId)]
  entry.usedAt = Math.max(entry.usedAt, use.at)
  if (use.itemId && use.at >= (entry.latestAt ?? -Infinity)) Object.assign(entry, { latestId: use.itemId, latestAt: use.at })
}

function tidy(file: HistoryFile): void {
  file.entries.sort((a, b) => b.usedAt - a.usedAt)
  let unstarred = 0
  file.entries = file.entries.filter((e) => e.starred || ++unstarred <= HISTORY_LIMIT)
}

export function createPromptHistory(deps: PromptHistoryDeps): PromptHistory {
  const file = path.join(deps.dataDir, PROMPT_HISTORY_FILE)
  let chain: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work)
    chain = run.catch(() => undefined)
    return run
  }

  async function read(): Promise<HistoryFile> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, complete: false, entries: [] }
      throw new AppError('DISK', `Could not read the prompt history (${file}): ${(error as Error).message}`)
    }
    try {
      return HistoryFile.parse(JSON.parse(text))
    } catch {
      // Kept for the designer to look at, never parsed again; the library has every prompt that made a video.
      deps.log.warn('prompts.setAside', { file: `${PROMPT_HISTORY_FILE}.corrupt` })
      await rename(file, `${file}.corrupt`).catch(() => undefined)
      return { version: 1, complete: false, entries: [] }
    }
  }

  async function write(history: HistoryFile): Promise<void> {
    tidy(history)
    await writeFileAtomic(file, `${JSON.stringify(history)}\n`)
  }

  /** Every generated video's prompt, from the library (its index, built from the sidecars). */
  async function merge(history: HistoryFile): Promise<void> {
    const library = deps.library()
    for (let offset = 0; ; offset += LIBRARY_PAGE) {
      const page = await library.list({ sort: 'newest', offset, limit: LIBRARY_PAGE })
      for (const item of page.items) if (item.origin === 'generated' && item.prompt) apply(history, { prompt: item.prompt, modelId: item.modelId, at: item.finishedAt, itemId: item.id })
      if (offset + LIBRARY_PAGE >= page.total) break
    }
    history.complete = true
    deps.log.info('prompts.rebuilt', { count: history.entries.length })
  }

  async function entryOf(stored: Stored): Promise<PromptEntry> {
    const latest = stored.latestId
      ? await deps
          .library()
          .get(stored.latestId)
          .then(({ item }) => ({ id: item.id, hasPoster: item.hasPoster }), () => undefined)
      : undefined
    return { text: stored.text, models: stored.models, usedAt: stored.usedAt, starred: stored.starred, ...(latest ? { latest } : {}) }
  }

  return {
    record: (use) =>
      serial(async () => {
        if (!keyOf(use.prompt)) return
        const history = await read()
        apply(history, use)
        await write(history)
      }),

    list: ({ search, starred, limit }) =>
      serial(async () => {
        const history = await read()
        if (!history.complete) {
          await merge(history)
          await write(history)
        }
        const words = search ? searchable(search).split(/\s+/u).filter(Boolean) : []
        const found = history.entries.filter((e) => (!starred || e.starred) && words.every((w) => searchable(e.text).includes(w)))
        return { entries: await Promise.all(found.slice(0, limit).map(entryOf)), total: found.length }
      }),

    star: (text, starred) =>
      serial(async () => {
        const history = await read()
        const entry = history.entries.find((e) => e.text === keyOf(text))
        if (!entry) throw new AppError('NOT_FOUND', 'That prompt is not in the history.', { details: { fields: { text: ['not in the history'] } } })
        entry.starred = starred
        await write(history)
        return entryOf(entry)
      }),

    clear: () =>
      serial(async () => {
        const history = await read()
        const before = history.entries.length
        // Cleared stays cleared: not rebuilt from the library again.
        const kept: HistoryFile = { version: 1, complete: true, entries: history.entries.filter((e) => e.starred) }
        await write(kept)
        return before - kept.entries.length
      }),
  }
}
