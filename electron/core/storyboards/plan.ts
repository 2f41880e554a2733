import { createHash } from 'node:crypto'
import type { Draft } from '../../../shared/draft'
import type { ShotState, StoryboardTakes } from '../../../shared/storyboard'
import type { Board } from './board-file'

/**
 * A shot's settings as one digest: the draft it sends (images by content hash, so a file edited
 * in place counts as a change) and, for a continuing shot, the take it continues. So a shot made
 * from another take of the shot before it, or from a take since remade, reads as changed.
 */
export function fingerprintOf(draft: Draft, continuesItem: string | undefined): string {
  const { continues: _lineage, image, ...rest } = draft
  // A continuing shot's image is derived from the take it continues: that take stands for it.
  const settings = continuesItem === undefined ? { ...rest, image } : { ...rest, continuesItem }
  return createHash('sha256').update(canonical(settings)).digest('hex').slice(0, 32)
}

/** JSON with every object's keys in order and undefined left out: one text for one meaning. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * Where each shot stands before a run: `made` when its picked take was made with its current
 * settings and what it continues is made; a changed shot, and every shot that continues from it,
 * is `stale` (or `new` when it has no take yet). A shot whose picked take is `gone` from the
 * library is `missing`, and the shots continuing from it stale: their first frame is lost with it.
 */
export function statesOf(board: Board, drafts: readonly Draft[], takes: StoryboardTakes, gone: ReadonlySet<string> = new Set()): ShotState[] {
  const states: ShotState[] = []
  board.shots.forEach((shot, i) => {
    const recorded = takes.shots[i] ?? undefined
    if (!recorded) return void states.push('new')
    if (gone.has(recorded.picked)) return void states.push('missing')
    const before = shot.continues ? takes.shots[i - 1] : undefined
    const upstreamMade = !shot.continues || (states[i - 1] === 'made' && before)
    const same = upstreamMade && recorded.fingerprint === fingerprintOf(drafts[i]!, shot.continues ? before!.picked : undefined)
    states.push(same ? 'made' : 'stale')
  })
  return states
}
