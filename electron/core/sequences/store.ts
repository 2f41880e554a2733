import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { SEQUENCE_VERSION, Sequence } from '../../../shared/sequence'
import { isCode, SHARED_FILE_MODE, writeFileAtomic } from '../files/atomic'
import { libraryTrashDir, slugify } from '../library/naming'
import type { Logger } from '../logger'
import type { Clock, ShellPort } from '../ports'

/** The library's folder of sequences (and of their exported films). */
export const SEQUENCES_DIR = 'Sequences'
const SUFFIX = '.sequence.json'

export interface SequenceStoreDeps {
  /** The library folder now (it can change while the app runs). */
  folder(): string
  clock: Clock
  log: Logger
  shell: ShellPort | undefined
}

/**
 * Sequences as small JSON files in `<library>/Sequences/` (issue 16 item 3): a designer can see,
 * sync and back them up with the videos. The file is named for the sequence
 * (`<name>_<id>.sequence.json`, so no exported `<name>_<id>.mp4` ever pairs with it as a
 * sidecar); the id inside is what the app goes by. A file that is not a sequence is left alone.
 */
export function createSequenceStore(deps: SequenceStoreDeps) {
  const dir = (): string => path.join(deps.folder(), SEQUENCES_DIR)
  const fileName = (s: Pick<Sequence, 'id' | 'name'>): string => `${slugify(s.name)}_${s.id}${SUFFIX}`

  async function readAll(): Promise<Array<{ file: string; sequence: Sequence }>> {
    let names: string[]
    try {
      names = await readdir(dir())
    } catch (error) {
      if (isCode(error, 'ENOENT')) return []
      throw new AppError('DISK', `Cannot read ${dir()}: ${(error as Error).message}`)
    }
    const found: Array<{ file: string; sequence: Sequence }> = []
    for (const name of names.filter((n) => n.endsWith(SUFFIX) && !n.startsWith('.'))) {
      const file = path.join(dir(), name)
      try {
        found.push({ file, sequence: Sequence.parse(JSON.parse(await readFile(file, 'utf8'))) })
      } catch (error) {
        deps.log.warn('sequences.unreadable', { file: `${SEQUENCES_DIR}/${name}`, reason: (error as Error).message })
      }
    }
    return found.sort((a, b) => b.sequence.updatedAt - a.sequence.updatedAt)
  }

  async function find(id: string): Promise<{ file: string; sequence: Sequence }> {
    const found = (await readAll()).find((s) => s.sequence.id === id)
    if (!found) throw new AppError('NOT_FOUND', `No sequence "${id}".`, { details: { fields: { id: ['no such sequence'] } } })
    return found
  }

  return {
    dir,
    list: async (): Promise<Sequence[]> => (await readAll()).map((s) => s.sequence),
    get: async (id: string): Promise<Sequence> => (await find(id)).sequence,

    async save(input: { id?: string; name: string; items: string[] }): Promise<Sequence> {
      const now = deps.clock.now()
      const previous = input.id ? await find(input.id) : undefined
      const sequence: Sequence = {
        schemaVersion: SEQUENCE_VERSION,
        id: previous?.sequence.id ?? randomBytes(6).toString('hex'),
        name: input.name.trim(),
        items: input.items,
        createdAt: previous?.sequence.createdAt ?? now,
        updatedAt: now,
      }
      const file = path.join(dir(), fileName(sequence))
      // Shared like the videos: readable by whoever the designer syncs the library with.
      await writeFileAtomic(file, `${JSON.stringify(sequence, null, 2)}\n`, { mode: SHARED_FILE_MODE })
      // Renamed: the new file is whole before the old one goes.
      if (previous && previous.file !== file) await rm(previous.file, { force: true })
      return sequence
    },

    /** To the OS trash in the app; elsewhere into `<library>/.reelbox/trash/` (nothing is lost). */
    async remove(id: string): Promise<{ id: string }> {
      const { file } = await find(id)
      if (deps.shell?.trash) await deps.shell.trash(file)
      else {
        const trash = path.join(libraryTrashDir(deps.folder()), `${deps.clock.now()}-sequence-${id}`)
        await mkdir(trash, { recursive: true })
        await rename(file, path.join(trash, path.basename(file)))
      }
      return { id }
    },
  }
}

export type SequenceStore = ReturnType<typeof createSequenceStore>
