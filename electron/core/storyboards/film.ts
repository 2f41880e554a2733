import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { STORYBOARD_TAG } from '../../../shared/media'
import type { StoryboardTakes } from '../../../shared/storyboard'
import { syncFile } from '../files/atomic'
import { joinClips, type Joined } from '../sequences/join'
import { boardRefused, type Board } from './board-file'
import { findTakes, type TakeFinder } from './found-takes'

/** A shot's picked take as the film reads it: the item and its video file. */
export interface FilmTake {
  itemId: string
  file: string
  name: string
}

/**
 * Each shot's picked take, in order, or a refusal naming the first shot that has none, or whose
 * take is gone from the library (by its file name, as this machine last saw it): never the
 * library's bare "no such item", which names neither the shot nor the video.
 */
export async function pickedTakes(parts: TakeFinder, board: Board, takes: StoryboardTakes, name: string): Promise<FilmTake[]> {
  const picked = board.shots.map((_, i) => takes.shots[i]?.picked)
  const found = await findTakes(parts, picked.filter((id) => id !== undefined))
  const films: FilmTake[] = []
  for (const [i, itemId] of picked.entries()) {
    if (!itemId) throw boardRefused('INVALID_INPUT', { board: name, why: 'noTake', shot: i + 1 }, { shot: i + 1 })
    const take = found.get(itemId)
    if (take?.gone) throw boardRefused('INVALID_INPUT', { board: name, why: 'takeGone', shot: i + 1, take: take.name ?? itemId }, { shot: i + 1 })
    const { file, item } = await parts.library.videoFile(itemId)
    films.push({ itemId, file, name: item.fileName })
  }
  return films
}

/**
 * The film (issue 28 item 4): the picked takes in order, joined by packet copy into one MP4 that
 * carries the storyboard (as planned, with each shot's take) in its settings. Takes of another
 * size or codec are refused by the join, naming the shot's clip and how it differs; one
 * resolution for every shot (resolution.ts) makes every take one size. Written beside `to` and renamed over it whole.
 */
export async function exportFilm(board: Board, takes: readonly FilmTake[], to: string): Promise<Joined> {
  if (takes.length !== board.shots.length) throw boardRefused('INVALID_INPUT', { board: path.basename(board.file), why: 'takesMissing', count: board.shots.length - takes.length })
  const folder = path.dirname(board.file)
  const carried = {
    reelbox: 1,
    title: board.title,
    shots: board.shots.map((shot, i) => ({
      ...shot,
      ...(shot.image && { image: path.relative(folder, shot.image) }),
      ...(shot.first && { first: path.relative(folder, shot.first) }),
      ...(shot.last && { last: path.relative(folder, shot.last) }),
      ...(shot.refs && { refs: shot.refs.map((r) => path.relative(folder, r)) }),
      take: { id: takes[i]!.itemId, file: takes[i]!.name },
    })),
  }
  const part = `${to}.${process.pid}.part`
  try {
    const joined = await joinClips(
      takes.map((t, i) => ({ file: t.file, name: t.name, shot: i + 1 })),
      part,
      { [STORYBOARD_TAG]: JSON.stringify(carried) },
    )
    await syncFile(part)
    await rename(part, to)
    return joined
  } finally {
    await rm(part, { force: true })
  }
}
