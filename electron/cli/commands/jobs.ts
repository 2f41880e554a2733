import type { SetAsideEntry } from '../../../shared/contract/jobs'
import { AppError } from '../../../shared/errors'
import { activePhases, errorOf, serviceStatusOf, submittedAtOf, taskIdOf, type Job } from '../../../shared/job'
import { describe, describeProblem } from '../messages'
import type { Core } from '../../core'
import { canWorkJob } from '../../core/jobs/compose'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, note, out, table, when } from '../output'
import { exitFor } from './submit'
import { jobState, waitForJobs } from './wait'
import { say } from '../words'

/** Journal entries that could not be read: said on stderr, never dropped in silence (issue 10 item 8). */
function sayUnreadable(entries: SetAsideEntry[], resuming: boolean): void {
  for (const entry of entries) {
    const said = { file: entry.file, job: entry.jobId, task: entry.taskId ? say('cli.jobs.task', { task: entry.taskId }) : '' }
    if (entry.recovered) note(say('cli.jobs.recovered', said))
    else if (entry.taskId && !resuming) note(say('cli.jobs.willRecover', said))
    else note(say('cli.jobs.lost', said))
  }
}

/** `reelbox jobs`: the journal as it is; nothing is sent or written. */
export async function jobs(args: string[]): Promise<number> {
  const { globals, help } = parse(args, {})
  if (help) return out('reelbox jobs [--json]'), EXIT.ok
  const core = await openEngine(globals)
  try {
    const list = core.jobs.list()
    sayUnreadable(core.jobs.setAside(), false)
    if (globals.json) return json(list), EXIT.ok
    if (list.length === 0) return note(say('cli.jobs.none')), EXIT.ok
    const status = (job: Job): string => {
      if (job.phase === 'paused') return describeProblem(job.reason)
      const error = errorOf(job)
      return serviceStatusOf(job) ?? (error ? describe(AppError.fromWire(error)) : '')
    }
    const columns = (['job', 'phase', 'model', 'mode', 'submitted', 'task', 'status'] as const).map((column) => say(`cli.jobs.columns.${column}`))
    out(table([columns, ...list.map((job) => [job.id, job.phase, job.draft.modelId, job.draft.mode, when(submittedAtOf(job) ?? job.createdAt), taskIdOf(job) ?? '', status(job)])]))
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/**
 * Whether `resume` is done with a job: it has ended or waits for the designer, or it is paused
 * and this run has looked whether it can go on (a paused job another Reelbox holds is that one's to watch).
 */
function settledFor(core: Core, startedAt: number): (job: Job) => boolean {
  return (job) => !activePhases.has(job.phase) || (job.phase === 'paused' && (job.checkedAt >= startedAt || !core.jobs.works(job.id)))
}

/**
 * `reelbox resume`: carries every unfinished job in the journal to its end, then exits. Jobs
 * another live Reelbox is working on are followed to their end, not worked; jobs sent with
 * another run's --base-url are named and left for a run given that address. A paused job goes on
 * if what it waited for is there now, and is named with what it still needs otherwise.
 */
export async function resume(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { verbose: { type: 'boolean', default: false } })
  if (help) return out('reelbox resume [--base-url URL] [--json] [--verbose]'), EXIT.ok
  const startedAt = Date.now()
  const core = await openEngine(globals, { resume: true, verbose: values.verbose })
  try {
    sayUnreadable(core.jobs.setAside(), true)
    // Unfinished now, or changed since this run began (a job can fail at its first step).
    const open = core.jobs.list().filter((job) => activePhases.has(job.phase) || job.updatedAt >= startedAt)
    const elsewhere = open.filter((job) => activePhases.has(job.phase) && !canWorkJob(job, core.settings))
    const mine = open.filter((job) => !elsewhere.includes(job))
    if (!globals.json) note(mine.length ? say('cli.jobs.resuming', { count: mine.length }) : say('cli.jobs.nothingToResume'))
    for (const job of elsewhere) note(say('cli.jobs.elsewhere', { id: job.id, url: job.baseUrl }))
    const settled: Job[] = await waitForJobs(core, mine.map((job) => job.id), settledFor(core, startedAt), !globals.json)
    if (globals.json) json(settled)
    else for (const job of settled) out(`${job.id} ${jobState(job)}`)
    const code = exitFor(settled)
    return code !== EXIT.ok ? code : elsewhere.length > 0 ? EXIT.usage : EXIT.ok
  } finally {
    await core.dispose()
  }
}
