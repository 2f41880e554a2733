import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { AppError, problemError } from '../../../shared/errors'
import type { LibraryItem } from '../../../shared/library'
import { SEQUENCE_TAG } from '../../../shared/media'
import { problem } from '../../../shared/rules/problems'
import type { SequenceTag } from '../../../shared/sequence'
import type { Library } from '../library/library'
import { stagingDir } from '../library/naming'
import { joinClips, type JoinClip } from './join'
import { SEQUENCES_DIR } from './store'

/** The clips' files, in order; a clip the library no longer has is named by its place. */
export async function clipFiles(library: Library, ids: readonly string[]): Promise<Array<JoinClip & { id: string }>> {
  return Promise.all(
    ids.map(async (id, i) => {
      try {
        const { file, item } = await library.videoFile(id)
        return { id, file, name: item.fileName }
      } catch (error) {
        if (AppError.from(error).code !== 'NOT_FOUND') throw error
        throw problemError('NOT_FOUND', problem('sequence.clipGone', { index: i + 1, id }))
      }
    }),
  )
}

/** What an exported sequence carries inside it: its name and its clips. */
function sequenceTag(name: string, clips: ReadonlyArray<{ id: string; name: string }>): Record<string, string> {
  const tag: SequenceTag = { reelbox: 1, name, clips: clips.map((c) => ({ id: c.id, file: c.name })) }
  return { [SEQUENCE_TAG]: JSON.stringify(tag) }
}

/** Joined in staging, then moved into `<library>/Sequences/` whole: no partial film is ever shown. */
export async function exportSequence(library: Library, name: string, items: readonly string[]): Promise<{ item: LibraryItem; durationSec: number }> {
  const clips = await clipFiles(library, items)
  const staged = path.join(stagingDir(library.folder), `sequence-${randomBytes(6).toString('hex')}.mp4`)
  const joined = await joinClips(clips, staged, sequenceTag(name, clips))
  const item = await library.addVideo(staged, { folder: SEQUENCES_DIR, name })
  return { item, durationSec: joined.durationSec }
}
