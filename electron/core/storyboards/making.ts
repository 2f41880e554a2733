import { isDeepStrictEqual } from 'node:util'
import type { Draft } from '../../../shared/draft'
import type { Job } from '../../../shared/job'
import { activePhases } from '../../../shared/phases'
import type { StoryboardTakes } from '../../../shared/storyboard'
import type { Board } from './board-file'

/** A draft as sent, compared by its settings: a seed the engine chose for an unseeded shot is not one. */
function settings(draft: Draft, unseeded: boolean, continuing: boolean): unknown {
  const { image, continues, ...rest } = draft
  // A continuing shot's image is the last frame of the take before, not known before it is sent.
  const compared = continuing ? rest : { ...rest, image, continues }
  return JSON.parse(JSON.stringify(unseeded ? { ...compared, seed: undefined } : compared)) as unknown
}

/**
 * Which shots have a take being made now: a job of this machine's journal still at work (queued
 * to downloading, or paused for something the designer can fix) sent with the shot's settings, as
 * a run finds the job a killed run sent (run.ts). A continuing shot's job is one made on a take of
 * the shot before it: that take stands for its image.
 */
export function shotsMaking(board: Board, drafts: readonly Draft[], takes: StoryboardTakes, jobs: readonly Job[]): boolean[] {
  const working = jobs.filter((job) => activePhases.has(job.phase))
  return board.shots.map((shot, i) => {
    const draft = drafts[i]!
    const continuing = shot.continues === true
    const before = continuing ? (takes.shots[i - 1]?.takes ?? []) : []
    const wanted = settings(draft, draft.seed === undefined, continuing)
    return working.some(
      (job) => isDeepStrictEqual(settings(job.draft, draft.seed === undefined, continuing), wanted) && (!continuing || before.includes(job.draft.continues?.itemId ?? '')),
    )
  })
}
