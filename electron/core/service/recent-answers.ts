import { redact } from '../logger'

/** Which call an answer came from: a submit (§4.1), a query (§4.2), or any refused call (§7). */
export type AnswerKind = 'submit' | 'query' | 'error'

export interface RecentAnswer {
  kind: AnswerKind
  at: number
  /** The answer as indented JSON, every secret the engine knows (and any credential) redacted. */
  text: string
}

/**
 * The last few answers each connection received, so that a profile can be checked against real
 * answers of its service when it is saved (the profile tester). Memory only, never written: an
 * answer may hold what the designer's prompt or the service's files say. A few distinct answers
 * per kind, so a run of identical polls does not push out the submit or the error.
 */
export interface RecentAnswers {
  record(connectionId: string, kind: AnswerKind, json: unknown, secrets: readonly string[], at: number): void
  /** Newest first. */
  of(connectionId: string): RecentAnswer[]
}

const PER_KIND = 3
/** An answer larger than this is not kept (an envelope is a few hundred bytes, §2.2). */
const MAX_CHARS = 64 * 1024

export function createRecentAnswers(): RecentAnswers {
  const rings = new Map<string, RecentAnswer[]>()
  return {
    record(connectionId, kind, json, secrets, at) {
      // An empty body (a bare 404) says nothing a profile could read.
      if (json !== null && typeof json === 'object' && Object.keys(json).length === 0) return
      const text = redact(JSON.stringify(json, null, 2) ?? 'null', secrets)
      if (text.length > MAX_CHARS) return
      const ring = (rings.get(connectionId) ?? []).filter((answer) => !(answer.kind === kind && answer.text === text))
      ring.unshift({ kind, at, text })
      const kept = ring.filter((answer, i) => answer.kind !== kind || ring.slice(0, i).filter((a) => a.kind === kind).length < PER_KIND)
      rings.set(connectionId, kept)
    },
    of: (connectionId) => [...(rings.get(connectionId) ?? [])],
  }
}
