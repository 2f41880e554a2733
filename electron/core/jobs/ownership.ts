import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { activePhases, type Job } from '../../../shared/job'
import type { JobsDeps } from './deps'
import type { Journal } from './journal'
import { createLeases } from './leases'

/**
 * Which of the shared journal's jobs this engine works (it holds their leases, see leases.ts)
 * and which it only follows (another live engine has them, or they wait for a `reelbox` run's
 * own --base-url).
 */
export interface Ownership {
  /** Jobs this engine holds: the ones it works on, and counts against its cap. */
  readonly owned: ReadonlySet<string>
  /** Unfinished jobs another live engine (the app, a `reelbox` command) is working on. */
  readonly foreign: Set<string>
  /** Takes the lease of a job this engine is about to work (one it made, or one brought back). */
  take(id: string): Promise<boolean>
  /** Takes over an unfinished job and carries it on; false when it is not this engine's to take. */
  takeOver(job: Job): Promise<boolean>
  /** Before acting on a job for the designer: ours, or made ours; else a clear refusal. */
  mustOwn(job: Job): Promise<void>
  /** Before each step of a job: whether its lease is still ours. */
  stillOurs(id: string): Promise<boolean>
  /** The job has ended: its lease goes back, unless it was brought back meanwhile. */
  letGo(id: string): Promise<void>
  /** The job has left the journal. */
  forget(id: string): Promise<void>
  dispose(): void
}

export interface OwnershipDeps {
  deps: JobsDeps
  journal: Journal
  jobs: Map<string, Job>
  /** Carries a job on from where the journal says it is. */
  resume(job: Job): Promise<void>
}

export function createOwnership({ deps, journal, jobs, resume }: OwnershipDeps): Ownership {
  const leases = createLeases(path.join(deps.dataDir, 'jobs', 'leases'), { clock: deps.clock, processes: deps.processes })
  const canWork = deps.canWork ?? (() => true)
  const owned = new Set<string>()
  const foreign = new Set<string>()

  async function take(id: string): Promise<boolean> {
    const taken = await leases.acquire(id)
    if (taken) {
      owned.add(id)
      foreign.delete(id)
    }
    return taken
  }

  return {
    owned,
    foreign,
    take,

    async takeOver(job) {
      if (!canWork(job) || !(await take(job.id))) return false
      // From the journal as it is now the lease is ours: the engine that had the job writes it
      // before letting the lease go, so what was read before taking it can be a step behind.
      const now = await journal.read(job.id)
      if (now && now.updatedAt !== jobs.get(job.id)?.updatedAt) {
        jobs.set(job.id, now)
        deps.events.emit('job.updated', now)
      }
      if (now && activePhases.has(now.phase)) await resume(now)
      else {
        owned.delete(job.id)
        await leases.release(job.id)
      }
      return true
    },

    async mustOwn(job) {
      if (owned.has(job.id) || (await take(job.id))) return
      const holder = await leases.holder(job.id)
      throw new AppError('INVALID_INPUT', `Another Reelbox process${holder === undefined ? '' : ` (pid ${holder})`} is working on this job; do this there, or when it has finished.`, { details: { fields: { id: ['held by another process'] } } })
    },

    async stillOurs(id) {
      if (await leases.holds(id)) return true
      // Another engine judged this one gone (a heartbeat missed while the computer slept): it has the job now.
      owned.delete(id)
      if (activePhases.has(jobs.get(id)?.phase ?? 'done')) foreign.add(id)
      deps.log.warn('jobs.followingOther', { id })
      return false
    },

    async letGo(id) {
      // Unless the designer brought it back (check again, send again) while its end was being saved.
      if (activePhases.has(jobs.get(id)?.phase ?? 'done')) return
      owned.delete(id)
      await leases.release(id)
    },

    async forget(id) {
      owned.delete(id)
      foreign.delete(id)
      await leases.forget(id)
    },

    dispose: () => leases.dispose(),
  }
}
