import type { AnswerKind, ProfileReading, ReadingField } from '@shared/contract/profiles'

/**
 * Where a service profile sets the path of a value the tester shows, so a suggestion can be used
 * with one click. A submit's answer is read by the spec's envelope (§2.3) and a task's id is
 * always `data.task_id`: those have no place in the profile.
 */
const places: Partial<Record<ReadingField, readonly [section: 'query' | 'errors', key: string]>> = {
  status: ['query', 'statusPath'],
  urls: ['query', 'urlsPath'],
  poster: ['query', 'posterPath'],
  progress: ['query', 'progressPath'],
  reason: ['query', 'reasonPath'],
  message: ['errors', 'message'],
  code: ['errors', 'code'],
  field: ['errors', 'field'],
  requestId: ['errors', 'requestId'],
}

export function placeOf(field: ReadingField, kind: AnswerKind): readonly [string, string] | undefined {
  return kind === 'submit' ? undefined : places[field]
}

/** The profile with one path set, as the indented JSON the form shows. */
export function withPath(profile: Record<string, unknown>, place: readonly [string, string], path: string): string {
  const [section, key] = place
  const inner = profile[section]
  const sectionValue = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}
  return JSON.stringify({ ...profile, [section]: { ...sectionValue, [key]: path } }, null, 2)
}

/** Where a value likely is instead, when the reading suggests a place. */
export function suggestionOf(row: ProfileReading['rows'][number]): string | undefined {
  const params = row.note?.params as { suggestion?: unknown } | undefined
  return typeof params?.suggestion === 'string' ? params.suggestion : undefined
}

export const troubleIn = (reading: ProfileReading): number => reading.rows.filter((row) => row.verdict === 'trouble').length
