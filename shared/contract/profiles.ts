import { z } from 'zod'
import { errorKinds } from '../profile'
import { Connection, ConnectionDraft, ConnectionId, ServiceProfileInput } from '../settings'
import { procedure } from './define'
import { ProblemSchema } from './drafts'

/** Every connection and which one new work goes to. */
export const ProfilesState = z.object({
  profiles: z.array(Connection),
  activeProfileId: z.string().nullable(),
})
export type ProfilesState = z.infer<typeof ProfilesState>

/** Which call an answer came from: a submit (§4.1), a query (§4.2), or any call the service refused (§7). */
export const AnswerKind = z.enum(['submit', 'query', 'error'])
export type AnswerKind = z.infer<typeof AnswerKind>

/** What Reelbox reads from an answer, in the order the tester shows it. */
export const readingFields = ['taskId', 'status', 'urls', 'poster', 'progress', 'reason', 'message', 'code', 'kind', 'field', 'requestId'] as const
export type ReadingField = (typeof readingFields)[number]

export const ReadingRow = z.object({
  field: z.enum(readingFields),
  /** What Reelbox reads there: text (a progress as a percentage), or a list for result URLs and posters. */
  value: z.union([z.string(), z.array(z.string())]).optional(),
  /** The path it came from. */
  path: z.string().optional(),
  /** Where it is looked for, in order (the profile's path, or its list of paths). */
  paths: z.array(z.string()),
  /**
   * `read`: found. `absent`: not in this answer, and nothing is lost (it is optional, or not yet
   * due). `trouble`: Reelbox needs it from this answer and cannot read it.
   */
  verdict: z.enum(['read', 'absent', 'trouble']),
  /** Why not, and where the value likely is instead (`answer.missing`, `answer.unreadable`). */
  note: ProblemSchema.optional(),
})
export type ReadingRow = z.infer<typeof ReadingRow>

/** One answer read under a profile, field by field (the profile tester). */
export const ProfileReading = z.object({
  kind: AnswerKind,
  /** A task answer's status as Reelbox takes it (§3): still running, a success or a failure. */
  outcome: z.enum(['running', 'success', 'failure']).optional(),
  /** An error answer's kind by the profile's `errors.kinds` (absent: its HTTP status decides). */
  errorKind: z.enum(errorKinds).optional(),
  rows: z.array(ReadingRow),
})
export type ProfileReading = z.infer<typeof ProfileReading>

/** An answer the connection received lately (memory only, redacted), read under the profile given. */
export const RecentReading = z.object({ at: z.number(), answer: z.string(), reading: ProfileReading })
export type RecentReading = z.infer<typeof RecentReading>

/** An envelope is a few hundred bytes (§2.2); the engine reads no answer larger than 4 MB. */
const ANSWER_MAX_CHARS = 4 * 1024 * 1024

export const profilesProcedures = {
  'profiles.list': procedure(z.void(), ProfilesState),
  /** Creates (no id, or a new one) or updates a connection; returns it as stored. */
  'profiles.save': procedure(ConnectionDraft, Connection),
  /** Removes a connection and its key. */
  'profiles.remove': procedure(z.object({ id: ConnectionId }), ProfilesState),
  /** New work goes to this connection; jobs already submitted keep theirs. */
  'profiles.activate': procedure(z.object({ id: ConnectionId }), ProfilesState),
  /** The profile tester: what Reelbox reads from one answer (JSON text) under a profile. */
  'profiles.test': procedure(z.strictObject({ serviceProfile: ServiceProfileInput, answer: z.string().max(ANSWER_MAX_CHARS), kind: AnswerKind }), ProfileReading),
  /** The last answers this connection received (kept in memory only, redacted), each read under `serviceProfile`. */
  'profiles.recent': procedure(z.strictObject({ id: ConnectionId, serviceProfile: ServiceProfileInput }), z.array(RecentReading)),
}

export const profilesEvents = {
  'profiles.changed': ProfilesState,
}
