import { AppError } from '../../../shared/errors'
import { activePhases, type Job } from '../../../shared/job'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { describe } from '../messages'
import { json, note, out, table, when } from '../output'
import { waitForJobs } from './wait'

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

/** `reelbox resume`: carries every unfinished job in the journal to its end, then exits. */
export async function resume(args: string[]): Promise<number> {
  const { globals, help } = parse(args, { verbose: { type: 'boolean', default: false } })
  if (help) return out('reelbox resume [--json]'), EXIT.ok
  const core = await openEngine(globals, { resume: true })
  try {
    const open = core.jobs.list().filter((job) => activePhases.has(job.phase))
    if (!globals.json) note(open.length ? `Resuming ${open.length} job(s)…` : 'Nothing to resume.')
    const settled: Job[] = await waitForJobs(core, open.map((job) => job.id), (job) => !activePhases.has(job.phase), !globals.json)
    if (globals.json) json(settled)
    else for (const job of settled) out(`${job.id} ${job.phase}${job.error ? `: ${describe(AppError.fromWire(job.error))}` : ''}`)
    return settled.some((job) => job.phase === 'failed') ? EXIT.failed : EXIT.ok
  } finally {
    await core.dispose()
  }
}
