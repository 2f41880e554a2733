import { AppError } from '../../shared/errors'
import { ServiceProfile } from '../../shared/profile'
import { readFlagJson } from './args'
import { say } from './words'

/**
 * A service profile file as the designer wrote it (`--profile FILE`): read, checked against
 * `ServiceProfile`, and refused as a usage error naming the flag, the file and the field.
 * Returned as written, so that defaults improved later still reach it.
 */
export async function readProfileFile(file: string): Promise<Record<string, unknown>> {
  const written = await readFlagJson('profile', file)
  const parsed = ServiceProfile.safeParse(written)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new AppError('INVALID_INPUT', say('cli.flags.badProfile', { file, field: issue.path.join('.') || say('cli.flags.wholeDocument'), reason: issue.message }))
  }
  return written as Record<string, unknown>
}
