import type { Model } from '@shared/catalog'
import type { Draft } from '@shared/draft'
import type { Job } from '@shared/job'
import { submittedAtOf } from '@shared/job-fields'
import { draftKeysOf } from '@shared/rules/body-fields'
import { readFieldProblems, type FieldProblems } from '@shared/rules/problems'

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * What the service refused (§7 rule 1) of the draft the form would send now, by Draft key: each
 * field a job of this session was refused for, with the service's words, while the form still
 * holds the value it refused, for the same model and mode. The newest job speaks first. Derived,
 * never stored: changing the value, or a job with it that went through, clears the mark.
 */
export function serviceRefusals(jobs: readonly Job[], draft: Draft | undefined, model: Model | undefined): FieldProblems {
  const marked: FieldProblems = {}
  if (!draft) return marked
  const spec = model?.modes[draft.mode]
  const settled = new Set<string>()
  for (const job of jobs) {
    if (job.draft.modelId !== draft.modelId || job.draft.mode !== draft.mode) continue
    if (job.phase !== 'failed' || job.error.code !== 'INVALID_PARAMS') {
      // A newer job the service took (it has a task) with the same value: the value is fine now.
      if (submittedAtOf(job) !== undefined) for (const key of Object.keys(job.draft) as Array<keyof Draft>) if (same(job.draft[key], draft[key])) settled.add(key)
      continue
    }
    for (const [bodyField, found] of Object.entries(readFieldProblems(job.error.details?.['fields']) ?? {})) {
      for (const key of draftKeysOf(bodyField, spec)) {
        if (marked[key] || settled.has(key) || !same(job.draft[key], draft[key])) continue
        marked[key] = found
      }
    }
  }
  return marked
}
