import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { SEQUENCE_VERSION, Sequence } from '../../../shared/sequence'
import { isCode, SHARED_FILE_MODE, writeFileAtomic } from '../files/atomic'
import { libraryTrashDir, slugify } from '../library/naming'
import type { Logger } from '../logger'
import type { Clock, ShellPort } from '../ports'
import type { Studio } from '../studio/studio'
import { mergedSequence, type SequenceFields } from './merge'

/** The library's folder of sequences (and of their exported films). */
export const SEQUENCES_DIR = 'Sequences'
const SUFFIX = '.sequence.json'

export interface SequenceStoreDeps {
  /** The library folder now (it can change while the app runs). */
  folder(): string
  /** The open library's studio: what its machines edit together. */
  studio(): Studio
  clock: Clock
  log: Logger
  shell: ShellPort | undefined
}

/**
 * Sequences as small JSON files in `<library>/Sequences/` (issue 16 item 3): a designer can see,
 * sync and back them up with the videos. The file is named for the sequence
 * (`<name>_<id>.sequence.json`, so no exported `<name>_<id>.mp4` ever pairs with it as a
 * sidecar); the id inside is what the app goes by. A file that is not a sequence is left alone.
 *
 * Every machine's edits (name, clips, removal) are registers of the studio (`sequence/<id>`), laid
 * over the file; the file is a view its one writer keeps, rewritten when that machine next
 * reads its sequences, so no two machines write it.
 */
export function createSequenceStore(deps: SequenceStoreDeps) {
  const dir = (): string => path.join(deps.folder(), SEQUENCES_DIR)
  const fileName = (s: Pick<Sequence, 'id' | 'name'>): string => `${slugify(s.name)}_${s.id}${SUFFIX}`
  const subject = (id: string): string => `sequence/${id}`
  const fieldsOf = (id: string): SequenceFields | undefined => deps.studio().fieldsOf(subject(id))

  async function files(): Promise<Map<string, { file: string; sequence: Sequence }>> {
    let names: string[]
    try {
      names = await readdir(dir())
    } catch (error) {
      if (isCode(error, 'ENOENT')) return new Map()
      throw new AppError('DISK', `Cannot read ${dir()}: ${(error as Error).message}`)
    }
    const found = new Map<string, { file: string; sequence: Sequence }>()
    for (const name of names.filter((n) => n.endsWith(SUFFIX) && !n.startsWith('.'))) {
      const file = path.join(dir(), name)
      try {
        const sequence = Sequence.parse(JSON.parse(await readFile(file, 'utf8')))
        found.set(sequence.id, { file, sequence })
      } catch (error) {
        deps.log.warn('sequences.unreadable', { file: `${SEQUENCES_DIR}/${name}`, reason: (error as Error).message })
      }
    }
    return found
  }

  /** Every sequence as merged, newest first; the views this machine writes brought up to date on the way. */
  async function readAll(): Promise<Array<{ file?: string; sequence: Sequence }>> {
    const [onDisk] = await Promise.all([files(), deps.studio().ready])
    const ids = new Set([...onDisk.keys(), ...deps.studio().subjectsUnder('sequence/').map((s) => s.slice('sequence/'.length))])
    const found: Array<{ file?: string; sequence: Sequence }> = []
    for (const id of ids) {
      const file = onDisk.get(id)
      const merged = mergedSequence(file?.sequence, id, fieldsOf(id))
      if (file) await keepView(file, merged)
      if (merged && !merged.removed) found.push({ ...(file && { file: file.file }), sequence: merged.sequence })
    }
    return found.sort((a, b) => b.sequence.updatedAt - a.sequence.updatedAt)
  }

  /** The writer's file follows the merge: renamed with its name, rewritten with its clips, trashed when removed. */
  async function keepView(file: { file: string; sequence: Sequence }, merged: ReturnType<typeof mergedSequence>): Promise<void> {
    const me = deps.studio().machine
    if (!merged || (file.sequence.writer ?? me) !== me) return
    try {
      if (merged.removed) return void (await trash(file.file, merged.sequence.id))
      if (file.sequence.writer && JSON.stringify(file.sequence) === JSON.stringify(merged.sequence)) return
      await write({ ...merged.sequence, writer: me }, file.file)
    } catch (error) {
      deps.log.warn('studio.viewNotWritten', { file: `${SEQUENCES_DIR}/${path.basename(file.file)}`, reason: (error as Error).message })
    }
  }

  async function write(sequence: Sequence, previous?: string): Promise<void> {
    const file = path.join(dir(), fileName(sequence))
    // Shared like the videos: readable by whoever the designer syncs the library with.
    await writeFileAtomic(file, `${JSON.stringify(sequence, null, 2)}\n`, { mode: SHARED_FILE_MODE })
    // Renamed: the new file is whole before the old one goes.
    if (previous && previous !== file) await rm(previous, { force: true })
  }

  /** To the OS trash in the app; elsewhere into `<library>/.reelbox/trash/` (nothing is lost). */
  async function trash(file: string, id: string): Promise<void> {
    if (deps.shell?.trash) return deps.shell.trash(file)
    const folder = path.join(libraryTrashDir(deps.folder()), `${deps.clock.now()}-sequence-${id}`)
    await mkdir(folder, { recursive: true })
    await rename(file, path.join(folder, path.basename(file)))
  }

  async function find(id: string): Promise<{ file?: string; sequence: Sequence }> {
    const found = (await readAll()).find((s) => s.sequence.id === id)
    if (!found) throw new AppError('NOT_FOUND', `No sequence "${id}".`, { details: { fields: { id: ['no such sequence'] } } })
    return found
  }

  return {
    dir,
    list: async (): Promise<Sequence[]> => (await readAll()).map((s) => s.sequence),
    get: async (id: string): Promise<Sequence> => (await find(id)).sequence,

    /** A new sequence is this machine's file; a change to one records the name and clips set, never the whole file. */
    async save(input: { id?: string; name: string; items: string[] }): Promise<Sequence> {
      if (input.id) {
        await find(input.id)
        await deps.studio().set(subject(input.id), { name: input.name.trim(), items: input.items })
        return (await find(input.id)).sequence
      }
      const now = deps.clock.now()
      const sequence: Sequence = { schemaVersion: SEQUENCE_VERSION, id: randomBytes(6).toString('hex'), name: input.name.trim(), items: input.items, createdAt: now, updatedAt: now, writer: deps.studio().machine }
      await write(sequence)
      return sequence
    },

    /** Recorded as removed by every machine; the writer's file goes to the trash (nothing is lost). */
    async remove(id: string): Promise<{ id: string }> {
      await find(id)
      await deps.studio().set(subject(id), { removed: true })
      await readAll()
      return { id }
    },
  }
}

export type SequenceStore = ReturnType<typeof createSequenceStore>
