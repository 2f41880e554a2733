import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../files/atomic'

/**
 * The file names of the takes this machine has seen, by library item id. A board records its takes
 * by id only; once a take is deleted (here, or on another machine sharing the library) the library
 * no longer knows its name, and "shot 3's take is gone" would leave the designer guessing which
 * video it was. So every look at a board's takes remembers their names here, in the data folder:
 * this machine's alone (never shared), and only a memory: lost or unreadable, a gone take is
 * named by its id instead, and nothing else is lost.
 */
export interface TakeNames {
  /** The names remembered for those of `ids` this machine has seen. */
  namesOf(ids: Iterable<string>): Promise<Map<string, string>>
  /** Remembers names seen now; writes only when one is new or changed. */
  remember(seen: ReadonlyMap<string, string>): Promise<void>
}

/** Enough for every take of a busy studio's boards; the oldest seen are forgotten first. */
export const MAX_TAKE_NAMES = 20_000

async function readNames(file: string): Promise<Map<string, string>> {
  const text = await readFile(file, 'utf8').catch(() => undefined)
  try {
    const names = (JSON.parse(text ?? '{}') as { names?: unknown }).names
    if (!names || typeof names !== 'object') return new Map()
    return new Map(Object.entries(names).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  } catch {
    // Half a file (a crash before the rename cannot leave one, another tool might): start again.
    return new Map()
  }
}

export function createTakeNames(file: string): TakeNames {
  let known: Promise<Map<string, string>> | undefined
  let writing: Promise<void> = Promise.resolve()
  const load = () => (known ??= readNames(file))
  return {
    async namesOf(ids) {
      const names = await load()
      return new Map([...ids].flatMap((id) => (names.has(id) ? [[id, names.get(id)!] as const] : [])))
    },
    async remember(seen) {
      const names = await load()
      if ([...seen].every(([id, name]) => names.get(id) === name)) return
      const next = writing.then(async () => {
        // Another process of this machine (the CLI beside the app) may have learnt names meanwhile.
        for (const [id, name] of await readNames(file)) if (!names.has(id)) names.set(id, name)
        for (const [id, name] of seen) {
          names.delete(id)
          names.set(id, name)
        }
        for (const id of names.keys()) {
          if (names.size <= MAX_TAKE_NAMES) break
          names.delete(id)
        }
        await writeFileAtomic(file, `${JSON.stringify({ reelbox: 1, names: Object.fromEntries(names) })}\n`)
      })
      writing = next.catch(() => undefined)
      return next
    },
  }
}
