import type { WireError } from './errors'
import type { Job } from './job'

/**
 * A field some of a job's phases have and others do not, read without narrowing at every reader.
 * Zod-free, so the renderer can import it without bundling the schemas of shared/job.ts.
 */
export const taskIdOf = (job: Job): string | undefined => ('taskId' in job ? job.taskId : undefined)
export const requestIdOf = (job: Job): string | undefined => ('requestId' in job ? job.requestId : undefined)
export const serviceStatusOf = (job: Job): string | undefined => ('serviceStatus' in job ? job.serviceStatus : undefined)
export const submittedAtOf = (job: Job): number | undefined => ('submittedAt' in job ? job.submittedAt : undefined)
export const finishedAtOf = (job: Job): number | undefined => ('finishedAt' in job ? job.finishedAt : undefined)
export const errorOf = (job: Job): WireError | undefined => ('error' in job ? job.error : undefined)
export const libraryItemIdsOf = (job: Job): string[] => (job.phase === 'done' ? job.libraryItemIds : [])
