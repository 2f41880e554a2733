import { AppError } from '../../../shared/errors'
import type { Library } from '../library/library'
import type { TakeNames } from './take-names'

/** A take a board names, as the library has it now: there, or gone; and its video's file name when known. */
export interface FoundTake {
  gone: boolean
  name: string | null
}

export type FoundTakes = ReadonlyMap<string, FoundTake>

export interface TakeFinder {
  library: Pick<Library, 'validated' | 'videoFile'>
  takeNames: TakeNames
}

/**
 * Looks up takes in the library. Only a take the library says it does not have is gone: one that
 * cannot be looked up now (the folder is on a drive not connected) is not called missing. The
 * names of the takes found are remembered, so a take deleted later is still named by its file.
 */
export async function findTakes(parts: TakeFinder, ids: Iterable<string>): Promise<FoundTakes> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  // What the folder holds now: a take deleted on another machine while this one was closed is
  // gone once the folder has been checked, not while the index still lists it.
  await parts.library.validated().catch(() => undefined)
  const seen = new Map<string, string>()
  const gone = new Set<string>()
  await Promise.all(
    unique.map(async (id) => {
      try {
        seen.set(id, (await parts.library.videoFile(id)).item.fileName)
      } catch (error) {
        if (AppError.from(error).code === 'NOT_FOUND') gone.add(id)
      }
    }),
  )
  const remembered = await parts.takeNames.namesOf(unique.filter((id) => !seen.has(id)))
  // A memory only: a data folder that cannot be written costs a name later, never this answer.
  await parts.takeNames.remember(seen).catch(() => undefined)
  return new Map(unique.map((id) => [id, { gone: gone.has(id), name: seen.get(id) ?? remembered.get(id) ?? null }]))
}

/** The ids of `found` that are gone. */
export const goneOf = (found: FoundTakes): Set<string> => new Set([...found].flatMap(([id, take]) => (take.gone ? [id] : [])))
