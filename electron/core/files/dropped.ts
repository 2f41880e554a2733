import { open, stat } from 'node:fs/promises'
import { AppError, invalidInput } from '../../../shared/errors'
import { isCode } from './atomic'

/**
 * Reads a file the designer dropped (Electron hands over its path) or named on the CLI. Every
 * refusal names the path under the field `path`. Only regular files are opened: reading a FIFO
 * or a device could block forever or never end. The size is checked before reading.
 */
export async function readDroppedFile(file: string, options: { maxBytes: number; what: string }): Promise<Buffer> {
  let info
  try {
    info = await stat(file)
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) {
      throw new AppError('NOT_FOUND', `No file at ${file}.`, { details: { fields: { path: [`no file at ${file}`] } } })
    }
    throw invalidInput({ path: [`cannot read ${file} (${reasonOf(error)})`] })
  }
  if (info.isDirectory()) throw invalidInput({ path: [`${file} is a folder, not ${options.what}`] })
  if (!info.isFile()) throw invalidInput({ path: [`${file} is not a regular file`] })
  if (info.size > options.maxBytes) throw invalidInput({ path: [`${file} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB, too large for ${options.what}`] })
  try {
    const handle = await open(file, 'r')
    try {
      return await handle.readFile()
    } finally {
      await handle.close()
    }
  } catch (error) {
    throw invalidInput({ path: [`cannot read ${file} (${reasonOf(error)})`] })
  }
}

function reasonOf(error: unknown): string {
  if (isCode(error, 'EACCES') || isCode(error, 'EPERM')) return 'permission denied'
  if (isCode(error, 'EISDIR')) return 'it is a folder'
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)
}
