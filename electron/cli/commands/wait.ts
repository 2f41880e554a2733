import type { Job } from '../../../shared/job'
import type { Core } from '../../core'
import { note } from '../output'

/** Resolves when every job satisfies `done`, narrating phase changes on stderr. */
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
      const line = `${job.phase}${job.serviceStatus ? ` (${job.serviceStatus})` : ''}${job.download?.total ? ` ${Math.round((job.download.received / job.download.total) * 100)}%` : ''}`
      if (narrate && said.get(job.id) !== line && !line.includes('%')) note(`${job.id}: ${line}`)
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
