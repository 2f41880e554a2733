import { readFile } from 'node:fs/promises'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { AppError } from '../../shared/errors'
import { say } from './words'

/** Flags every command takes: where the service, profile, catalogue (or the pack of both), library and ffmpeg are. */
export const globalOptions = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  catalog: { type: 'string' },
  pack: { type: 'string' },
  library: { type: 'string' },
  ffmpeg: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options']

export interface GlobalFlags {
  baseUrl?: string
  profile?: string
  catalog?: string
  /** A service pack: profile, catalogue and address in one file (in place of the two above). */
  pack?: string
  library?: string
  /** The system's ffmpeg, for last frames the engine cannot decode itself (else Settings', else the PATH's). */
  ffmpeg?: string
  json: boolean
}

/** Parses one command's flags plus the global ones; an unknown flag is a usage error naming it. */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  try {
    const parsed = parseArgs({ args, options: { ...globalOptions, ...options }, allowPositionals: true, strict: true })
    const values = parsed.values as Record<string, unknown>
    const globals: GlobalFlags = {
      baseUrl: values['base-url'] as string | undefined,
      profile: values['profile'] as string | undefined,
      catalog: values['catalog'] as string | undefined,
      pack: values['pack'] as string | undefined,
      library: values['library'] as string | undefined,
      ffmpeg: values['ffmpeg'] as string | undefined,
      json: values['json'] === true,
    }
    return { values: parsed.values, positionals: parsed.positionals, globals, help: values['help'] === true }
  } catch (error) {
    throw new AppError('INVALID_INPUT', (error as Error).message.replace(/\. To specify a positional.*$/, '.'))
  }
}

const fileReasons = ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR'] as const
const fileReason = (error: NodeJS.ErrnoException): string => {
  const code = fileReasons.find((known) => known === error.code)
  return code ? say(`cli.flags.reasons.${code}`) : error.message
}

/** The text of a file a flag names (`--catalog FILE`), or a usage error naming the flag and why. */
export async function readFlagFile(flag: string, file: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new AppError('INVALID_INPUT', say('cli.flags.cannotRead', { flag, file, reason: fileReason(error) }))
  })
}

/** A flag's file as JSON, or a usage error naming the flag. */
export async function readFlagJson(flag: string, file: string): Promise<unknown> {
  const text = await readFlagFile(flag, file)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new AppError('INVALID_INPUT', say('cli.flags.notJson', { flag, file }), { cause: error })
  }
}

/** A whole number from a flag, or a usage error naming the flag. */
export function integer(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number)) throw new AppError('INVALID_INPUT', say('cli.flags.wholeNumber', { flag, value: String(value) }))
  return number
}
