import type { LogLine } from '../../shared/contract'
import { say, type KeyOf, type Params, type SharedMessages } from '../../shared/locales'

export type LogLevel = LogLine['level']
export type LogSink = (line: LogLine) => void

/** What a line says, as a key of the catalogue's `log` (shared/locales/en/log.ts); its words live there. */
export type LogCode = KeyOf<SharedMessages['log']>

/**
 * Each line is a code and its parameters: the file keeps its English, the page shows it in the
 * designer's language (Settings → Engine activity).
 */
export interface Logger {
  debug(code: LogCode, params?: Params): void
  info(code: LogCode, params?: Params): void
  warn(code: LogCode, params?: Params): void
  error(code: LogCode, params?: Params): void
  /** A logger for one part of the engine; its lines carry the scope ("jobs", "service"). */
  scope(name: string): Logger
}

export interface LogHub {
  readonly root: Logger
  /** Values that must never be printed (API keys); replaced by "[redacted]" in every line. */
  addSecret(value: string): void
  /** `text` with every secret added here, and any credential, replaced by "[redacted]". */
  redact(text: string): string
  addSink(sink: LogSink): () => void
  recent(limit: number): LogLine[]
}

const REDACTED = '[redacted]'
// Whatever follows "Bearer" or an Authorization header is a credential, known to us or not.
const credentialPatterns: RegExp[] = [
  /(authorization["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',}]+/gi,
  /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi,
  /(api[_-]?key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
]

/** A secret as is and in the encodings a careless write would carry it in. */
function encodings(secret: string): Set<string> {
  const bytes = Buffer.from(secret, 'utf8')
  return new Set([secret, encodeURIComponent(secret), bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')])
}

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) for (const form of encodings(secret)) out = out.split(form).join(REDACTED)
  for (const pattern of credentialPatterns) out = out.replace(pattern, `$1${REDACTED}`)
  return out
}

export function createLogHub(now: () => number, keep = 500): LogHub {
  const secrets = new Set<string>()
  const sinks = new Set<LogSink>()
  const ring: LogLine[] = []

  function write(level: LogLevel, scope: string, code: LogCode, given: Params = {}): void {
    const params = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, typeof value === 'string' ? redact(value, secrets) : value]))
    const line: LogLine = { time: now(), level, scope, message: redact(say('en', `log.${code}`, params), secrets), code, params }
    ring.push(line)
    if (ring.length > keep) ring.shift()
    for (const sink of sinks) sink(line)
  }

  function scoped(scope: string): Logger {
    return {
      debug: (code, params) => write('debug', scope, code, params),
      info: (code, params) => write('info', scope, code, params),
      warn: (code, params) => write('warn', scope, code, params),
      error: (code, params) => write('error', scope, code, params),
      scope: (name) => scoped(scope ? `${scope}.${name}` : name),
    }
  }

  return {
    root: scoped(''),
    addSecret: (value) => void (value && secrets.add(value)),
    redact: (text) => redact(text, secrets),
    addSink(sink) {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
    recent: (limit) => ring.slice(-limit),
  }
}
