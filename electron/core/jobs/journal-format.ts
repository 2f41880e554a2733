import { Draft } from '../../../shared/draft'
import { Job } from '../../../shared/job'

/**
 * How a journal entry reads. Today's entries are the Job union as written; entries written before
 * it (one flat object, issue 11 item 5) are read into it: a timed-out `failed` job and a
 * `cancelled` one whose task the service may still finish become `stopped`, fields a phase does
 * not have are dropped, and what older versions did not record gets the neutral value.
 */
export function readEntry(value: unknown): Job {
  return Job.parse(upgrade(value))
}

function upgrade(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const entry = value as Record<string, unknown>
  const draft = entry['draft'] as { modelId?: unknown } | undefined
  const modelId = typeof draft?.modelId === 'string' ? draft.modelId : 'unknown'
  const filled: Record<string, unknown> = {
    params: {},
    inputs: [],
    model: { id: modelId, family: 'unknown', version: 'unknown', displayName: modelId },
    attempts: 0,
    ...entry,
  }
  const hasTask = typeof entry['taskId'] === 'string' && typeof entry['submittedAt'] === 'number'
  if (hasTask && entry['phase'] === 'failed' && entry['timedOut'] === true) return { ...filled, phase: 'stopped', stoppedBy: 'timeout' }
  if (hasTask && entry['phase'] === 'cancelled') return { ...filled, phase: 'stopped', stoppedBy: 'designer' }
  return filled
}

/**
 * What can still be read of an entry that does not parse (a disk that lost its tail): the fields
 * that are whole. Strings and numbers cut short are left out rather than guessed (a task id
 * missing its last digits names another task). partial-json is loaded here, on the rare torn
 * entry, not with the journal: as CommonJS it would be the one reason for Node to start its
 * CommonJS export scanner on every command's start (about 20 ms of CPU, issue 24).
 */
export async function salvage(text: string): Promise<Record<string, unknown>> {
  const { Allow, parse: parsePartial } = await import('partial-json')
  try {
    const value: unknown = parsePartial(text.replace(/\0+$/, ''), Allow.OBJ | Allow.ARR)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined)

/**
 * A job brought back from what could be salvaged, when its task is known: it asks the service
 * again (a fresh query gives the whole result list), so the video still reaches the library.
 * Without a task id (or where to ask), there is nothing to finish.
 */
export function recoverJob(jobId: string, fragment: Record<string, unknown>, now: number, deadlineAt: number): Job | undefined {
  const taskId = text(fragment['taskId'])
  const profileId = text(fragment['profileId'])
  const baseUrl = text(fragment['baseUrl'])
  if (!taskId || !profileId || !baseUrl) return undefined
  const createdAt = typeof fragment['createdAt'] === 'number' ? fragment['createdAt'] : now
  const draft = Draft.safeParse(fragment['draft'])
  const modelId = draft.success ? draft.data.modelId : (text((fragment['model'] as { id?: unknown } | undefined)?.id) ?? 'unknown')
  const salvaged = { ...fragment }
  for (;;) {
    const parsed = Job.safeParse(upgrade(recovered(salvaged)))
    if (parsed.success) return parsed.data
    // A field cut short (a model without its version, half an input): without it, the neutral value.
    const broken = new Set(parsed.error.issues.map((issue) => String(issue.path[0])).filter((key) => key in salvaged))
    if (broken.size === 0) return undefined
    for (const key of broken) delete salvaged[key]
  }

  function recovered(fields: Record<string, unknown>): Record<string, unknown> {
    return {
      ...fields,
      id: jobId,
      createdAt,
      updatedAt: now,
      draft: draft.success ? draft.data : { modelId, mode: 't2v' },
      sandbox: fragment['sandbox'] === true,
      idempotencyKey: text(fragment['idempotencyKey']) ?? `recovered-${jobId}`,
      phase: 'running',
      taskId,
      submittedAt: typeof fragment['submittedAt'] === 'number' ? fragment['submittedAt'] : createdAt,
      deadlineAt,
      attempts: 0,
    }
  }
}
