import { open, stat } from 'node:fs/promises'
import { AppError, invalidInput } from '../../../shared/errors'
import { problem, type Problem } from '../../../shared/rules/problems'
import { isCode } from './atomic'

/**
 * Reads a file the designer dropped (Electron hands over its path) or named on the CLI. Every
 * refusal names the path under the field `path`. Only regular files are opened: reading a FIFO
 * or a device could block forever or never end. The size is checked before reading.
 */
export async function readDroppedFile(file: string, options: { maxBytes: number }): Promise<Buffer> {
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
  try {
    const handle = await open(file, 'r')
    try {
      return await handle.readFile()
    } finally {
      await handle.close()
    }
  } catch (error) {
    throw refuse(problem('file.unreadable', { name: file, reason: reasonOf(error) }))
  }
}

/** `permission`, `folder`, or the system's code (EIO …): readers word the first two. */
function reasonOf(error: unknown): string {
  if (isCode(error, 'EACCES') || isCode(error, 'EPERM')) return 'permission'
  if (isCode(error, 'EISDIR')) return 'folder'
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)
}
