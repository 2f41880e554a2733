import { AppError } from '../../../shared/errors'
import { activePhases, type Job } from '../../../shared/job'
import { canWorkJob } from '../../core/jobs/compose'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { describe } from '../messages'
import { json, note, out, table, when } from '../output'
import { waitForJobs } from './wait'

/** `reelbox jobs`: the journal as it is; nothing is sent or written. */
export async function jobs(args: string[]): Promise<number> {
  const { globals, help } = parse(args, {})
  if (help) return out('reelbox jobs [--json]'), EXIT.ok
  const core = await openEngine(globals)
  try {
    const list = core.jobs.list()
    if (globals.json) return json(list), EXIT.ok
    if (list.length === 0) return note('No jobs.'), EXIT.ok
    out(table([['JOB', 'PHASE', 'MODEL', 'MODE', 'SUBMITTED', 'TASK', 'STATUS'], ...list.map((job) => [job.id, job.phase, job.draft.modelId, job.draft.mode, when(job.submittedAt ?? job.createdAt), job.taskId ?? '', job.serviceStatus ?? (job.error ? describe(AppError.fromWire(job.error)) : '')])]))
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/**
 * `reelbox resume`: carries every unfinished job in the journal to its end, then exits. Jobs
 * another live Reelbox is working on are followed to their end, not worked; jobs sent with
 * another run's --base-url are named and left for a run given that address.
 */
export async function resume(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { verbose: { type: 'boolean', default: false } })
  if (help) return out('reelbox resume [--base-url URL] [--json] [--verbose]'), EXIT.ok
  const startedAt = Date.now()
  const core = await openEngine(globals, { resume: true, verbose: values.verbose })
  try {
    // Unfinished now, or changed since this run began (a job can fail at its first step).
    const open = core.jobs.list().filter((job) => activePhases.has(job.phase) || job.updatedAt >= startedAt)
    const elsewhere = open.filter((job) => activePhases.has(job.phase) && !canWorkJob(job, core.settings))
    const mine = open.filter((job) => !elsewhere.includes(job))
    if (!globals.json) note(mine.length ? `Resuming ${mine.length} job(s)…` : 'Nothing to resume.')
    for (const job of elsewhere) note(`${job.id} was sent with --base-url ${job.baseUrl}: run \`reelbox resume --base-url ${job.baseUrl}\` (with the same --profile, if any) to finish it.`)
    const settled: Job[] = await waitForJobs(core, mine.map((job) => job.id), (job) => !activePhases.has(job.phase), !globals.json)
    if (globals.json) json(settled)
    else for (const job of settled) out(`${job.id} ${job.phase}${job.error ? `: ${describe(AppError.fromWire(job.error))}` : ''}`)
    if (settled.some((job) => job.phase === 'failed')) return EXIT.failed
    return elsewhere.length > 0 ? EXIT.usage : EXIT.ok
  } finally {
    await core.dispose()
  }
}
