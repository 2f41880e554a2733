import { problem, problemLine, readFieldProblems, readProblem, type FieldProblems, type Problem } from './rules/problems'

export type { FieldProblems, Problem }

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

  /** What is wrong with which input field (`details.fields`), when this error is about fields. */
  get fieldProblems(): FieldProblems | undefined {
    return readFieldProblems(this.details?.['fields'])
  }

  /** The one problem of an error that is not about a field (`details.problem`), worded by its reader. */
  get problem(): Problem | undefined {
    return readProblem(this.details?.['problem'])
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

/**
 * `INVALID_INPUT` with what is wrong by field. Its message is English for logs and the CLI, never
 * for the designer: readers word `details.fields`. A string reason is for inputs no designer
 * fills on Create, Queue or Library (a settings file, a staged download); it travels as
 * `input.invalid` with that reason.
 */
export function invalidInput(fields: Readonly<Record<string, ReadonlyArray<Problem | string>>>, message?: string): AppError {
  const coded: FieldProblems = {}
  for (const [path, found] of Object.entries(fields)) {
    coded[path] = found.map((p) => (typeof p === 'string' ? problem('input.invalid', { path, issue: 'custom', reason: p }) : p))
  }
  const first = Object.entries(coded)[0]
  const summary = message ?? (first?.[1][0] ? `${first[0] || 'input'}: ${problemLine(first[1][0])}` : 'Invalid input.')
  return new AppError('INVALID_INPUT', summary, { details: { fields: coded } })
}

/** An error about one thing that is not an input field, with its problem for the reader to word. */
export function problemError(code: ErrorCode, found: Problem, message = problemLine(found)): AppError {
  return new AppError(code, message, { details: { problem: found } })
}

interface SchemaIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
  readonly code?: string
  readonly maximum?: unknown
  readonly minimum?: unknown
}

/**
 * A schema's issues → `input.invalid` problems keyed by dotted path ("draft.references.2.url"),
 * with the kind of issue and its bound, so a reader can word it. Structural, so no zod here.
 */
export function fieldErrorsFromZod(error: { issues: ReadonlyArray<SchemaIssue> }): FieldProblems {
  const fields: FieldProblems = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    const bound = issue.maximum ?? issue.minimum
    const limit = typeof bound === 'number' && Number.isFinite(bound) ? bound : undefined
    ;(fields[path] ??= []).push(problem('input.invalid', { path, issue: issue.code ?? 'custom', reason: issue.message, ...(limit !== undefined && { limit }) }))
  }
  return fields
}

/** The answer to a call its caller cancelled, the same from the engine and from the page's side of the pipe. */
export function cancelledCall(method: string): AppError {
  return new AppError('CANCELLED', `The call ${method} was cancelled by its caller.`)
}
