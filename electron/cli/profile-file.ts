import { readFile } from 'node:fs/promises'
import { AppError } from '../../shared/errors'
import { ServiceProfile } from '../../shared/profile'

/**
 * A service profile file as the designer wrote it (`--profile FILE`): read, checked against
 * `ServiceProfile`, and refused naming the file and the field. Returned as written, so that
 * defaults improved later still reach it.
 */
export async function readProfileFile(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new AppError('INVALID_INPUT', `Cannot read the service profile ${file}: ${error.message}`)
  })
  let written: unknown
  try {
    written = JSON.parse(text)
  } catch (error) {
    throw new AppError('INVALID_INPUT', `${file} is not JSON: ${(error as Error).message}`)
  }
  const parsed = ServiceProfile.safeParse(written)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new AppError('INVALID_INPUT', `${file} is not a valid service profile: ${issue.path.join('.') || 'the document'}: ${issue.message}`)
  }
  return written as Record<string, unknown>
}
