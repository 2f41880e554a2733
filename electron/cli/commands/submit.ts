import path from 'node:path'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import { terminalPhases } from '../../../shared/job'
import type { Mode } from '../../../shared/catalog'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { Core } from '../../core'
import { integer, parse } from '../args'
import { openEngine } from '../engine'
import { EXIT, exitCodeOf } from '../exit-codes'
import { describe } from '../messages'
import { json, note, out } from '../output'
import { submitHelp } from '../usage'
import { waitForJobs } from './wait'

const options = {
  model: { type: 'string' },
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
    throw new AppError('INVALID_INPUT', `--${flag} ${value}: ${describe(AppError.from(error))}`)
  }
}

export async function submit(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, options)
  if (help) return out(submitHelp), EXIT.ok
  if (!values.model) throw new AppError('INVALID_INPUT', '--model is required (see `reelbox models`).')
  const core = await openEngine(globals, { verbose: values.verbose })
  try {
    const refs = await Promise.all((values.ref ?? []).map((ref) => imageRef(core, 'ref', ref)))
    const draft: Draft = {
      modelId: values.model,
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
    const jobs = await call<Job[]>(core, 'jobs.submit', { draft, variations: integer('variations', values.variations) ?? 1 })
    if (!globals.json) for (const job of jobs) note(`Queued ${job.id} (${job.draft.modelId}, ${job.draft.mode}).`)
    // Without --wait: stay until the service has the job, so it can be picked up by `reelbox resume`.
    const settled = await waitForJobs(core, jobs.map((job) => job.id), values.wait ? (job) => terminalPhases.has(job.phase) || job.phase === 'unknown' : (job) => job.taskId !== undefined || (job.phase !== 'queued' && job.phase !== 'submitting'), !globals.json)
    const items = await Promise.all(settled.flatMap((job) => job.libraryItemIds.map((id) => call<LibraryDetail>(core, 'library.get', { id }))))
    const folder = (await call<{ path: string }>(core, 'library.folder')).path
    if (globals.json) json({ jobs: settled, items: items.map((detail) => ({ ...detail.item, path: path.join(folder, detail.item.folder, detail.item.fileName) })) })
    else {
      for (const job of settled) {
        if (job.phase === 'done') continue
        const why = job.error ? describe(AppError.fromWire(job.error)) : ''
        if (job.phase === 'failed') note(`${job.id} failed: ${why || 'unknown error'}`)
        else if (job.phase === 'unknown') note(`${job.id} may or may not have reached the service: ${why}`)
        else out(`${job.id} ${job.phase}${job.taskId ? ` (task ${job.taskId})` : ''}: run \`reelbox resume\` to finish it.`)
      }
      for (const detail of items) out(path.join(folder, detail.item.folder, detail.item.fileName))
    }
    return settled.every((job) => job.phase !== 'failed' && job.phase !== 'unknown') ? EXIT.ok : exitForFailed(settled)
  } finally {
    await core.dispose()
  }
}

/** The documented exit code of the first job that did not make it (exit-codes.ts). */
function exitForFailed(jobs: Job[]): number {
  const failed = jobs.find((job) => job.phase === 'failed' || job.phase === 'unknown')
  return failed?.error ? exitCodeOf(AppError.fromWire(failed.error)) : EXIT.failed
}
