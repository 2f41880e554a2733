import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import type { DraftCheck } from '../../../shared/contract/drafts'
import type { Draft, ImageRef } from '../../../shared/draft'
import { AppError, invalidInput } from '../../../shared/errors'
import { libraryItemIdsOf, taskIdOf, type Job } from '../../../shared/job'
import { frameName } from '../../../shared/media'
import { problem } from '../../../shared/rules/problems'
import type { ShotState, StoryboardShot, StoryboardTakes } from '../../../shared/storyboard'
import type { InputStore } from '../images/store'
import type { FrameReader } from '../media/last-frame'
import type { Board } from './board-file'
import { type FoundTakes, goneOf } from './found-takes'
import { fingerprintOf, statesOf } from './plan'
import type { SharedBoard } from './shared-board'

/** What a run needs of the engine (deps.ts builds it from the engine's parts). */
export interface RunDeps {
  inputs: Pick<InputStore, 'importPath' | 'import'>
  /** The board as every machine's edits make it (shared-board.ts). */
  load(file: string): Promise<SharedBoard>
  /** Records a take this run made of the shot at `index` of `board`, and picks it. */
  record(board: SharedBoard, index: number, fingerprint: string, itemId: string): Promise<void>
  submit(draft: Draft): Promise<Job>
  /** Resolves when the job no longer moves on its own (done, failed, paused, stopped, unknown, cancelled). */
  settled(jobId: string, until: (job: Job) => boolean): Promise<Job>
  videoFile(itemId: string): Promise<{ file: string; name: string }>
  /** A take's last frame, exact and at full size (media/last-frame.ts: the engine's decoder, then ffmpeg). */
  lastFrame: FrameReader['lastFrame']
  /** What is wrong with a draft for its model, by Draft key (shaping/request.ts `checkDraftWithImages`). */
  check(draft: Draft): Promise<Pick<DraftCheck, 'fields'>>
  /** The journal's jobs: a run killed after it sent a shot finds that shot's job here. */
  journal(): readonly Job[]
  /** The takes in the library, or gone from it (found-takes.ts): a shot whose picked take is gone is made again. */
  findTakes(ids: Iterable<string>): Promise<FoundTakes>
}

export interface ShotOutcome {
  index: number
  itemId: string | null
  /** Made by this run. */
  made: boolean
  /** Why it has no take with its current settings: its job's end, or the shot it waits for (worded by each reader). */
  problem?: ReturnType<typeof problem<'shot.notMade'>>
}

/** Where a shot's field is in the board, as a path (`shots.2.duration`); each reader names it ("shot 3: duration"). */
const shotField = (index: number, field: string): string => `shots.${index}.${field}`

const settledPhases = new Set(['done', 'failed', 'cancelled', 'unknown', 'stopped', 'paused'])

/**
 * Makes every shot not made with its current settings (issue 28 item 2). Shots that continue
 * nothing start at once; a continuing shot starts when the shot before it has its take, on that
 * take's last frame. Every shot is checked against its model before anything is sent (one
 * refusal names the shot and sends nothing). Each take is recorded as it lands; a run killed after it sent a shot finds that shot's job in the journal (same draft) and
 * waits for it instead of sending it again. Without `wait`, a run sends what it can and ends
 * once the service has it; the shots that wait for another shot's take are made by the next run.
 */
export async function runStoryboard(deps: RunDeps, file: string, options: { wait: boolean; remake?: number }): Promise<{ board: Board; shots: ShotOutcome[] }> {
  const plan = await planStoryboard(deps, file)
  const { board, drafts, states, takes } = plan
  refuseMissing(board, plan.missing)
  await checkEveryShot(deps, board, drafts)
  // "Regenerate": that shot anew (another take) and the shots that continue from it; nothing else.
  const chain = new Set<number>()
  if (options.remake !== undefined) for (let i = options.remake; i === options.remake || board.shots[i]?.continues; i++) chain.add(i)

  // Each take is recorded as it lands, whatever order the shots finish in.
  const record = (index: number, fingerprint: string, itemId: string) => deps.record(plan.shared, index, fingerprint, itemId)

  const outcomes: Array<Promise<ShotOutcome>> = []
  board.shots.forEach((shot, index) => {
    outcomes.push(
      (async (): Promise<ShotOutcome> => {
        let draft = drafts[index]!
        let continuesItem: string | undefined
        if (shot.continues) {
          const before = await outcomes[index - 1]!
          if (!before.itemId || before.problem) return { index, itemId: null, made: false, problem: problem('shot.notMade', { why: 'waits', shot: index }) }
          continuesItem = before.itemId
        }
        const recorded = takes.shots[index]
        const fingerprint = fingerprintOf(draft, continuesItem)
        // A shot whose take is gone is made again, as a new one is; left alone (another shot's
        // Regenerate), it has no take to give the shot that continues it.
        const keep = options.remake !== undefined ? !chain.has(index) || (index !== options.remake && recorded?.fingerprint === fingerprint) : states[index] !== 'new' && states[index] !== 'missing' && recorded?.fingerprint === fingerprint
        if (keep) return { index, itemId: states[index] === 'missing' ? null : (recorded?.picked ?? null), made: false }
        if (continuesItem) draft = await continuing(deps, draft, continuesItem, index)
        const job = await sendOnce(deps, draft, recorded?.takes ?? [])
        const until = options.wait ? (j: Job) => settledPhases.has(j.phase) : (j: Job) => settledPhases.has(j.phase) || taskIdOf(j) !== undefined
        const ended = await deps.settled(job.id, until)
        const itemId = ended.phase === 'done' ? libraryItemIdsOf(ended)[0] : undefined
        if (!itemId) return { index, itemId: recorded?.picked ?? null, made: false, problem: whyNot(ended) }
        await record(index, fingerprint, itemId)
        return { index, itemId, made: true }
      })(),
    )
  })
  const shots = await Promise.all(outcomes)
  return { board, shots }
}

/** A keyframe the board names that is not on disk: the shot's field and the file (absolute). */
export interface MissingKeyframe {
  field: string
  file: string
}

/**
 * The board, its takes, each shot as the draft it sends (images in the input store) and where
 * each stands, and its takes as the library has them (`found`: there, or gone). A keyframe file that is not there does not keep the board from opening (the
 * designer mends it on the card): it is left out of the draft and listed in `missing`, by shot.
 */
export async function planStoryboard(
  deps: Pick<RunDeps, 'inputs' | 'load' | 'findTakes'>,
  file: string,
): Promise<{ shared: SharedBoard; board: Board; takes: StoryboardTakes; drafts: Draft[]; states: ShotState[]; missing: MissingKeyframe[][]; found: FoundTakes }> {
  const shared = await deps.load(file)
  const { board, takes } = shared
  const missing = board.shots.map((): MissingKeyframe[] => [])
  const drafts = await Promise.all(board.shots.map((shot, i) => baseDraft(deps, shot, i, missing[i]!)))
  const found = await deps.findTakes(takes.shots.flatMap((shot) => (shot ? [...shot.takes, shot.picked] : [])))
  return { shared, board, takes, drafts, states: statesOf(board, drafts, takes, goneOf(found)), missing, found }
}

/** The shot as a draft, its image files in the input store (a file that cannot be read names the shot and the field). */
async function baseDraft(deps: Pick<RunDeps, 'inputs'>, shot: StoryboardShot, index: number, missing: MissingKeyframe[]): Promise<Draft> {
  const image = async (field: string, file: string | undefined): Promise<ImageRef | undefined> => {
    if (file === undefined) return undefined
    try {
      const stored = await deps.inputs.importPath(file)
      return { kind: 'file', hash: stored.hash, name: stored.name }
    } catch (error) {
      if (AppError.from(error).code !== 'NOT_FOUND') throw aboutShot(error, index, field)
      missing.push({ field, file })
      return undefined
    }
  }
  const references = shot.refs ? (await Promise.all(shot.refs.map((ref, i) => image(`refs.${i}`, ref)))).filter((ref) => ref !== undefined) : undefined
  return {
    modelId: shot.model,
    mode: shot.mode,
    prompt: shot.prompt,
    ...(shot.image && { image: await image('image', shot.image) }),
    ...(shot.first && { first: await image('first', shot.first) }),
    ...(shot.last && { last: await image('last', shot.last) }),
    ...(references?.length && { references }),
    ...(shot.duration !== undefined && { duration: shot.duration }),
    ...(shot.resolution !== undefined && { resolution: shot.resolution }),
    ...(shot.seed !== undefined && { seed: shot.seed }),
  }
}

/** A keyframe not on disk refuses the run before anything is sent, naming the shot and the file. */
function refuseMissing(board: Board, missing: readonly MissingKeyframe[][]): void {
  const index = missing.findIndex((found) => found.length > 0)
  if (index < 0) return
  const folder = path.dirname(board.file)
  const fields = Object.fromEntries(missing[index]!.map(({ field, file }) => [shotField(index, field), [problem('keyframe.missing', { shot: index + 1, name: path.relative(folder, file).split(path.sep).join('/') })]]))
  const error = invalidInput(fields)
  throw new AppError('INVALID_INPUT', error.message, { details: { ...error.details, shot: index + 1, field: missing[index]![0]!.field } })
}

/**
 * Every shot against its model and mode before anything is sent. A continuing shot's first
 * frame is not made yet: the image it lacks is the one the run will give it.
 */
async function checkEveryShot(deps: RunDeps, board: Board, drafts: readonly Draft[]): Promise<void> {
  for (const [i, draft] of drafts.entries()) {
    const check = await deps.check(draft)
    const fields = Object.entries(check.fields).filter(([field, found]) => found.length > 0 && !(board.shots[i]!.continues && field === 'image'))
    if (fields.length === 0) continue
    const error = invalidInput(Object.fromEntries(fields.map(([field, found]) => [shotField(i, field), found])))
    throw new AppError('INVALID_INPUT', error.message, { details: { ...error.details, shot: i + 1, field: fields[0]![0] } })
  }
}

/** The continuing shot's draft: the last frame of the take it continues as its image, and the lineage. */
async function continuing(deps: RunDeps, draft: Draft, itemId: string, index: number): Promise<Draft> {
  const { file, name } = await deps.videoFile(itemId)
  const frame = await deps.lastFrame(file, name).catch((error: unknown) => {
    throw aboutShot(error, index, 'continues')
  })
  // Named as Continue names a frame (shared/media.ts): the take's file and the time, no English words.
  const stored = await deps.inputs.import({ name: frameName(name, frame.atSeconds), bytes: frame.png })
  return { ...draft, image: { kind: 'file', hash: stored.hash, name: stored.name }, continues: { itemId, atSeconds: frame.atSeconds } }
}

/**
 * The shot's job: one a killed run already sent with this very draft (and that did not end
 * without a video), else a new one. Seeds the engine chose for an unseeded draft are not the
 * designer's settings, so they do not tell two drafts apart.
 */
async function sendOnce(deps: RunDeps, draft: Draft, known: readonly string[]): Promise<Job> {
  const same = (job: Job) => isDeepStrictEqual(strip({ ...job.draft, ...(draft.seed === undefined && { seed: undefined }) }), strip(draft))
  // An `unknown` job (killed mid-submit, to a service that does not honour idempotency keys) is
  // kept as the shot's job: it may have been made, so it is the designer's to send again or forget.
  const alive = (job: Job) => !['failed', 'cancelled'].includes(job.phase) && !libraryItemIdsOf(job).some((id) => known.includes(id))
  const earlier = deps.journal().find((job) => same(job) && alive(job))
  if (earlier) return earlier
  return deps.submit(draft)
}

/** Why a settled job gave its shot no take, by its phase. */
function whyNot(job: Job): ReturnType<typeof problem<'shot.notMade'>> {
  if (job.phase === 'done') return problem('shot.notMade', { why: 'noVideo', job: job.id })
  if (job.phase === 'unknown') return problem('shot.notMade', { why: 'inDoubt', job: job.id })
  return problem('shot.notMade', { why: 'phase', job: job.id, phase: job.phase })
}

/** An error about one of a shot's fields, its problems filed under its path so every reader names both. */
function aboutShot(error: unknown, index: number, field: string): AppError {
  const found = AppError.from(error)
  const key = shotField(index, field)
  const problems = [...Object.values(found.fieldProblems ?? {}).flat(), ...(found.problem ? [found.problem] : [])]
  const fields = { [key]: problems.length ? problems : [found.message] }
  const worded = invalidInput(fields)
  return new AppError(found.code, worded.message, { details: { ...worded.details, shot: index + 1, field } })
}

const strip = (draft: Draft) => JSON.parse(JSON.stringify(draft)) as unknown
