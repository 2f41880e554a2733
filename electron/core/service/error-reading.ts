import type { ServiceProfile } from '../../../shared/profile'
import { asText, readFirst, type Found } from './json-path'

/**
 * What a refused call's answer says, where the profile's `errors` section looks (§7 rule 3 leaves
 * the error body unshown; the defaults try the common shapes in order): its words, its code, the
 * body field it refused and its request id, each with the path it came from. The words are the
 * service's and stay raw here; the client redacts them before they become an error.
 */
export interface ErrorReading {
  message?: Found<string>
  code?: Found<string>
  field?: Found<string>
  requestId?: Found<string>
}

const words = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

/** "characterImages[2]" → "characterImages.2": a field in the dotted form a body's fields are named. */
function fieldName(value: unknown): string | undefined {
  return words(value)?.replace(/\[(\d+)\]/g, '.$1')
}

export function readServiceError(json: unknown, profile: ServiceProfile): ErrorReading {
  const paths = profile.errors
  return {
    message: readFirst(json, paths.message, words),
    code: readFirst(json, paths.code, asText),
    field: readFirst(json, paths.field, fieldName),
    requestId: readFirst(json, paths.requestId, words),
  }
}
