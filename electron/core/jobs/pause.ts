import { AppError } from '../../../shared/errors'
import type { JobIn, PauseReason } from '../../../shared/job'
import { freeBytes, SPACE_MARGIN, writableReason } from '../files/disk'
import type { JobsDeps } from './deps'

/**
 * A job that cannot go on for a reason the designer can fix waits (`paused`) instead of failing
 * (issue 10 items 1, 2 and the missing key): the disk is full, the library folder is read-only or
 * gone, the connection has no key here. Nothing billed is lost: the task id and its result URLs
 * stay on the job, and it carries on where it was once the reason has gone.
 */

/** How often a paused job looks again by itself (Resume and a new key look at once). */
export const PAUSE_CHECK_MS = 30_000

/** The reason to wait in an error a step met; undefined for an error that ends the job. */
export function pauseReasonOf(error: unknown): PauseReason | undefined {
  const found = error instanceof AppError ? error.problem : undefined
  return found?.code === 'disk.full' || found?.code === 'folder.notWritable' || found?.code === 'key.missing' ? found : undefined
}

/** What the job still waits for, looked at now; undefined when it can go on. */
export async function stillWaiting(job: JobIn<'paused'>, deps: Pick<JobsDeps, 'dataDir' | 'connectionFor' | 'library'>): Promise<PauseReason | undefined> {
  const { reason } = job
  switch (reason.code) {
    case 'disk.full': {
      const free = await freeBytes(reason.params.folder)
      if (free < (reason.params.needBytes ?? 0) + SPACE_MARGIN) return { code: 'disk.full', params: { ...reason.params, freeBytes: free } }
      return undefined
    }
    case 'folder.notWritable':
      // The library it will go to now (the designer may have chosen another folder meanwhile).
      return reason.params.kind === 'library' ? deps.library.writable() : writableReason(deps.dataDir, 'data')
    case 'key.missing':
      // Any other failure (the connection was removed) is for the job's next step to meet and say.
      return deps.connectionFor(job.profileId).then(
        () => undefined,
        (error: unknown) => pauseReasonOf(error),
      )
  }
}
