import { Job } from '../../shared/job'

const T0 = Date.UTC(2025, 2, 14, 9, 30)

/** What each phase must have, so a fixture names only what its test is about. */
const phaseDefaults: Record<Job['phase'], Record<string, unknown>> = {
  queued: {},
  submitting: {},
  pending: { taskId: 'video_1', submittedAt: T0, deadlineAt: T0 + 3_600_000 },
  running: { taskId: 'video_1', submittedAt: T0, deadlineAt: T0 + 3_600_000 },
  downloading: { taskId: 'video_1', submittedAt: T0, resultUrls: ['https://cdn.example/1.mp4'] },
  paused: { resumeTo: 'downloading', checkedAt: T0, reason: { code: 'key.missing', params: { connection: 'Studio' } } },
  stopped: { taskId: 'video_1', submittedAt: T0, stoppedBy: 'designer' },
  done: { taskId: 'video_1', submittedAt: T0, resultUrls: ['https://cdn.example/1.mp4'], finishedAt: T0, libraryItemIds: [] },
  failed: { finishedAt: T0, error: { code: 'REMOTE_FAILED', message: 'failed', retryable: false } },
  unknown: { error: { code: 'NETWORK', message: 'may or may not', retryable: false } },
  cancelled: { finishedAt: T0 },
}

/**
 * A job as the engine would send it, checked against the Job union (so a fixture can never hold a
 * field its phase does not have). `fields` may set anything, `phase` included.
 */
export function makeJob(id: string, fields: Record<string, unknown> = {}): Job {
  const phase = (fields['phase'] as Job['phase'] | undefined) ?? 'queued'
  return Job.parse({
    id,
    createdAt: T0,
    updatedAt: T0,
    draft: { modelId: 'kling-v2-master', mode: 't2v', prompt: `A red fox in snow (${id})`, duration: 5 },
    profileId: 'sandbox',
    baseUrl: 'http://127.0.0.1:9',
    sandbox: true,
    idempotencyKey: `key-${id}`,
    params: {},
    inputs: [],
    model: { id: 'kling-v2-master', family: 'kling', version: '2.0', displayName: 'Kling 2.0 Master' },
    attempts: 0,
    phase,
    ...phaseDefaults[phase],
    ...fields,
  })
}
