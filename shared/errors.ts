/**
 * The one error vocabulary of Reelbox. Every failure that crosses a boundary (core → transport →
 * renderer, core → CLI) is an AppError with one of these codes; nothing else is thrown across.
 */
export const errorCodes = [
  'INVALID_INPUT', // a procedure's input failed its schema (router) or a form field is wrong
  'INVALID_PARAMS', // the service refused a parameter (§7 rule 1)
  'UNAUTHORIZED', // 401/403, or no key stored
  'RATE_LIMITED', // 429/503 with Retry-After
  'REMOTE_FAILED', // the service answered with an error or the task failed
  'PROTOCOL', // an answer we cannot read (HTML gateway page, broken JSON, unknown shape)
  'NETWORK', // connection refused, reset, DNS
  'TIMEOUT',
  'NOT_FOUND',
  'DISK',
  'CANCELLED',
  'SECRET_STORE_UNAVAILABLE',
  'FORBIDDEN', // a caller the transport does not trust
  'INTERNAL',
] as const
export type ErrorCode = (typeof errorCodes)[number]

/** Field path → messages, as shown next to form fields. */
export type FieldErrors = Record<string, string[]>

/** An AppError as it crosses a transport: data, no stack. */
export interface WireError {
  code: ErrorCode
  message: string
  retryable: boolean
  details?: Record<string, unknown> | undefined
}

const retryableByDefault: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'NETWORK', 'TIMEOUT'])

export class AppError extends Error {
  readonly code: ErrorCode
  readonly retryable: boolean
  readonly details: Record<string, unknown> | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryable?: boolean; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.retryable = options.retryable ?? retryableByDefault.has(code)
    this.details = options.details
  }

  /** Field errors, when this error is about form fields. */
  get fieldErrors(): FieldErrors | undefined {
    const fields = this.details?.['fields']
    return fields && typeof fields === 'object' ? (fields as FieldErrors) : undefined
  }

  toWire(): WireError {
    return { code: this.code, message: this.message, retryable: this.retryable, details: this.details }
  }

  static fromWire(wire: WireError): AppError {
    return new AppError(wire.code, wire.message, { retryable: wire.retryable, details: wire.details })
  }

  /** Any thrown value as an AppError; unknown errors keep only their message (no stack crosses). */
  static from(error: unknown): AppError {
    if (error instanceof AppError) return error
    if (error instanceof Error && error.name === 'AbortError') return new AppError('CANCELLED', 'Cancelled.')
    const message = error instanceof Error ? error.message : String(error)
    return new AppError('INTERNAL', message || 'Unexpected error.')
  }
}

export function invalidInput(fields: FieldErrors, message?: string): AppError {
  const first = Object.entries(fields)[0]
  const summary = message ?? (first ? `${first[0] || 'input'}: ${first[1][0]}` : 'Invalid input.')
  return new AppError('INVALID_INPUT', summary, { details: { fields } })
}

/** zod issues → field errors keyed by dotted path ("images.0.name"). Structural, so no zod here. */
export function fieldErrorsFromZod(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}
