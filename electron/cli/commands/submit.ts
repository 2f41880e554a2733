import path from 'node:path'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { activePhases, errorOf, libraryItemIdsOf, taskIdOf, type Job } from '../../../shared/job'
import type { Mode } from '../../../shared/catalog'
import type { CompareResult } from '../../../shared/contract/jobs'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { Core } from '../../core'
import { integer, parse } from '../args'
import { openEngine } from '../engine'
import { EXIT, exitCodeOf } from '../exit-codes'
import { describeWhat } from '../messages'
import { amountFlag, estimateJson, money, mustNotExceed } from '../money'
import type { Estimate } from '../../../shared/rules/price'
import { json, note, out } from '../output'
import { submitHelp } from '../usage'
import { jobState, waitForJobs } from './wait'
import { say } from '../words'

const options = {
  // Given twice or more: the same draft on each model, as one batch (issue 17 item 1).
  model: { type: 'string', multiple: true },
  mode: { type: 'string', default: 't2v' },
  prompt: { type: 'string' },
  image: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  ref: { type: 'string', multiple: true },
  duration: { type: 'string' },
  resolution: { type: 'string' },
  seed: { type: 'string' },
  audio: { type: 'boolean' },
  variations: { type: 'string' },
  'max-cost': { type: 'string' },
  wait: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
} as const

const call = <T>(core: Core, method: string, input?: unknown): Promise<T> => core.call(method, input, { transport: 'cli' }) as Promise<T>

/** A flag's image: an http(s) URL passes through (§2.1), a file goes into the input store once. */
async function imageRef(core: Core, flag: string, value: string | undefined): Promise<ImageRef | undefined> {
  if (value === undefined) return undefined
  if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value }
  try {
    const image = await call<InputImage>(core, 'inputs.importPath', { path: path.resolve(value) })
    return { kind: 'file', hash: image.hash, name: image.name }
  } catch (error) {
    // A file that is missing or not an image is a problem with the command line: exit code 2.
    // The problem names the file already: say only which flag it came from.
    throw new AppError('INVALID_INPUT', `--${flag}: ${describeWhat(AppError.from(error))}`)
  }
}

export async function submit(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, options)
  if (help) return out(submitHelp), EXIT.ok
  const models = values.model ?? []
  if (models.length === 0) throw new AppError('INVALID_INPUT', say('cli.submit.modelRequired'))
  const core = await openEngine(globals, { verbose: values.verbose })
  try {
    const refs = await Promise.all((values.ref ?? []).map((ref) => imageRef(core, 'ref', ref)))
    const draft: Draft = {
      modelId: models[0]!,
      mode: values.mode as Mode,
      prompt: values.prompt,
      image: await imageRef(core, 'image', values.image),
      first: await imageRef(core, 'first', values.first),
      last: await imageRef(core, 'last', values.last),
      references: refs.length ? (refs as ImageRef[]) : undefined,
      duration: integer('duration', values.duration),
      resolution: values.resolution,
      seed: integer('seed', values.seed),
      audio: values.audio,
    }
    const variations = integer('variations', values.variations) ?? 1
    const maxCost = amountFlag('max-cost', values['max-cost'])
    // What the whole submission costs (every variation, every model), judged before anything is sent.
    const estimate = await call<Estimate>(core, 'cost.estimate', { draft, modelIds: models, variations })
    if (maxCost !== undefined) mustNotExceed(estimate, maxCost)
    const compared = models.length > 1 ? await call<CompareResult>(core, 'jobs.compare', { draft, modelIds: models, variations }) : undefined
    const jobs = compared?.jobs ?? (await call<Job[]>(core, 'jobs.submit', { draft, variations }))
    if (!globals.json) {
      // Said once the engine has taken the submission: a refusal stays one line.
      if (estimate.kind === 'known') note(say(estimate.example ? 'cli.submit.estimateExample' : 'cli.submit.estimate', { money: money(estimate.money), count: estimate.videos }))
      for (const job of jobs) note(say('cli.submit.queued', { id: job.id, model: job.draft.modelId, mode: job.draft.mode }))
      for (const aside of compared?.setAside ?? []) note(say('cli.submit.setAside', { model: aside.modelId, fields: aside.fields.join(', ') }))
    }
    // With --wait: until each job has ended, or waits for the designer (paused, stopped, unknown).
    // Without: until the service has it (or it cannot be sent now), so `reelbox resume` can pick it up.
    const settled = await waitForJobs(core, jobs.map((job) => job.id), values.wait ? (job) => !activePhases.has(job.phase) || job.phase === 'paused' : (job) => taskIdOf(job) !== undefined || !['queued', 'submitting'].includes(job.phase), !globals.json)
    const items = await Promise.all(settled.flatMap((job) => libraryItemIdsOf(job).map((id) => call<LibraryDetail>(core, 'library.get', { id }))))
    const folder = (await call<{ path: string }>(core, 'library.folder')).path
    const batch = compared ? { id: compared.batchId, setAside: compared.setAside } : jobs[0]?.batchId ? { id: jobs[0].batchId, setAside: [] } : undefined
    if (globals.json) json({ ...(batch ? { batch } : {}), estimate: estimateJson(estimate), jobs: settled, items: items.map((detail) => ({ ...detail.item, path: path.join(folder, detail.item.folder, detail.item.fileName) })) })
    else {
      for (const job of settled) {
        if (job.phase === 'done') continue
        if (job.phase === 'failed' || job.phase === 'unknown' || job.phase === 'stopped') note(`${job.id} ${jobState(job)}`)
        else if (job.phase === 'paused') note(say('cli.submit.thenResume', { id: job.id, state: jobState(job) }))
        else {
          const task = taskIdOf(job)
          out(task ? say('cli.submit.resumeToFinishTask', { id: job.id, phase: job.phase, task }) : say('cli.submit.resumeToFinish', { id: job.id, phase: job.phase }))
        }
      }
      for (const detail of items) out(path.join(folder, detail.item.folder, detail.item.fileName))
    }
    return exitFor(settled)
  } finally {
    await core.dispose()
  }
}

/** The documented exit code of the first job that did not make it (exit-codes.ts), 0 when none. */
export function exitFor(jobs: Job[]): number {
  const stuck = jobs.find((job) => ['failed', 'unknown', 'paused', 'stopped'].includes(job.phase))
  if (!stuck) return EXIT.ok
  if (stuck.phase === 'paused') return stuck.reason.code === 'key.missing' ? EXIT.unauthorized : EXIT.failed
  // The service may still finish it: like a timeout, worth trying again later.
  if (stuck.phase === 'stopped') return EXIT.unavailable
  const error = errorOf(stuck)
  return error ? exitCodeOf(AppError.fromWire(error)) : EXIT.failed
}
