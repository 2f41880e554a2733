import type { LibraryDetail } from '../../../shared/contract/library'
import { SequenceTag } from '../../../shared/sequence'
import type { LibraryContext } from './context'
import { readVideoTags } from './settings'

/**
 * What an exported sequence is made of, read from inside its video (issue 22 item 10): the name it
 * was exported under and its clips in order, each with its library item while the library has it.
 * A tag that is damaged or not ours is no sequence to show (the video still plays).
 */
export async function sequenceOf(ctx: LibraryContext, video: string): Promise<LibraryDetail['sequence']> {
  const raw = (await readVideoTags(video).catch(() => undefined))?.sequence
  if (raw === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return undefined
  }
  const tag = SequenceTag.safeParse(json)
  if (!tag.success) return undefined
  const clips = tag.data.clips.map((clip) => {
    const entry = ctx.store.get(clip.id)
    return { ...clip, ...(entry && { item: entry.item }) }
  })
  return { name: tag.data.name, clips }
}
