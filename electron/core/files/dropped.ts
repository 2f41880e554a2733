import { open, stat } from 'node:fs/promises'
import { AppError, invalidInput } from '../../../shared/errors'
import { problem, type Problem } from '../../../shared/rules/problems'
import { isCode } from './atomic'

/**
 * Checks a file the designer dropped (Electron hands over its path) or named on the CLI before it
 * is read or copied. Every refusal names the path under the field `path`. Only regular files
 * pass: reading a FIFO or a device could block forever or never end. The size is checked too.
 */
export async function checkDroppedFile(file: string, options: { maxBytes: number }): Promise<{ size: number }> {
  const refuse = (found: Problem) => invalidInput({ path: [found] })
  let info
  try {
    info = await stat(file)
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) {
      throw new AppError('NOT_FOUND', `No file at ${file}.`, { details: { fields: { path: [problem('file.missing', { name: file })] } } })
    }
    throw refuse(problem('file.unreadable', { name: file, reason: reasonOf(error) }))
  }
  if (info.isDirectory()) throw refuse(problem('file.folder', { name: file }))
  if (!info.isFile()) throw refuse(problem('file.notRegular', { name: file }))
  if (info.size > options.maxBytes) throw refuse(problem('file.tooLarge', { name: file, bytes: info.size, max: options.maxBytes }))
  return { size: info.size }
}

/** A dropped or named file's bytes, after `checkDroppedFile`. */
export async function readDroppedFile(file: string, options: { maxBytes: number }): Promise<Buffer> {
  await checkDroppedFile(file, options)
  try {
    const handle = await open(file, 'r')
    try {
      return await handle.readFile()
    } finally {
      await handle.close()
    }
  } catch (error) {
    throw unreadableFile(file, error)
  }
}

/** Why a dropped file could not be read, as `file.unreadable` under `path`. */
export function unreadableFile(file: string, error: unknown): AppError {
  return invalidInput({ path: [problem('file.unreadable', { name: file, reason: reasonOf(error) })] })
}

/** `permission`, `folder`, or the system's code (EIO …): readers word the first two. */
function reasonOf(error: unknown): string {
  if (isCode(error, 'EACCES') || isCode(error, 'EPERM')) return 'permission'
  if (isCode(error, 'EISDIR')) return 'folder'
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)
}
