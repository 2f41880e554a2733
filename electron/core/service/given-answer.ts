import type { AnswerKind, ProfileReading } from '../../../shared/contract/profiles'
import { invalidInput } from '../../../shared/errors'
import { ServiceProfile } from '../../../shared/profile'
import { problem } from '../../../shared/rules/problems'
import { defaultAnswerLimits, parseAnswerJson } from './answer'
import { readUnderProfile } from './profile-test'

/**
 * An answer the designer gives the tester, parsed as the client parses the service's (bounded
 * nesting); one that is not JSON is refused under `answer` with the parser's reason.
 */
export function parseGivenAnswer(text: string): unknown {
  const json = text.trim() ? parseAnswerJson(text, defaultAnswerLimits) : undefined
  if (json !== undefined) return json
  let reason = 'not JSON'
  try {
    JSON.parse(text)
  } catch (error) {
    reason = (error as Error).message.replace(/\s+/g, ' ').trim()
  }
  throw invalidInput({ answer: [problem('answer.notJson', { reason })] }, `The answer is not JSON (${reason}).`)
}

/** Reads one answer (JSON text) under a profile, every secret the engine knows redacted first. */
export function testProfile(profile: unknown, answer: string, kind: AnswerKind, redact: (text: string) => string): ProfileReading {
  return readUnderProfile(ServiceProfile.parse(profile), parseGivenAnswer(redact(answer)), kind)
}
