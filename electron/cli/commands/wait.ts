import { AppError } from '../../../shared/errors'
import { serviceStatusOf, type Job } from '../../../shared/job'
import type { Core } from '../../core'
import { describe, describeProblem } from '../messages'
import { note } from '../output'
import { say } from '../words'

/** What a job is doing, in one line of the CLI's language (the service's words are cleaned by `note`/`out`). */
export function jobState(job: Job): string {
  const status = serviceStatusOf(job)
  switch (job.phase) {
    case 'paused':
      return say('cli.job.paused', { why: describeProblem(job.reason) })
    case 'stopped':
      return say(job.stoppedBy === 'timeout' ? 'cli.job.stoppedTimeout' : 'cli.job.stopped', { task: job.taskId })
    case 'failed':
    case 'unknown':
      return say('cli.job.ended', { phase: job.phase, why: describe(AppError.fromWire(job.error)) })
    default:
      return status ? say('cli.job.withStatus', { phase: job.phase, status }) : job.phase
  }
}

/**
 * Resolves when every job satisfies `done`, narrating phase changes on stderr (download ticks are
 * `job.progress`, not narrated). The state a job settles in is the caller's to say, once.
 */
export function waitForJobs(core: Core, ids: string[], done: (job: Job) => boolean, narrate: boolean): Promise<Job[]> {
  return new Promise((resolve) => {
    const latest = new Map<string, Job>()
    const said = new Map<string, string>()
    const check = (): void => {
      if (ids.every((id) => latest.has(id) && done(latest.get(id)!))) {
        stop()
        resolve(ids.map((id) => latest.get(id)!))
      }
    }
    const stop = core.events.on('job.updated', (job) => {
      if (!ids.includes(job.id)) return
      latest.set(job.id, job)
      const line = jobState(job)
      if (narrate && said.get(job.id) !== line && !done(job)) note(`${job.id}: ${line}`)
      said.set(job.id, line)
      check()
    })
    for (const id of ids) {
      const job = core.jobs.get(id)
      if (job) latest.set(id, job)
    }
    check()
  })
}
