import { constants } from 'node:fs'
import { access, statfs } from 'node:fs/promises'
import path from 'node:path'
import { AppError, problemError } from '../../../shared/errors'
import type { PauseReason } from '../../../shared/job'
import { problem } from '../../../shared/rules/problems'
export { SPACE_MARGIN } from '../../../shared/rules/problems'
import { isCode } from './atomic'

/**
 * A write that failed because of the disk (issue 10 items 1 and 2), told apart from every other
 * failure: no space, a read-only or vanished folder, no permission. Such a failure is never a
 * crash and never fails a job: the job waits (see jobs/pause.ts) and says what would let it go on.
 */
export type FolderKind = 'library' | 'data'

const SPACE = new Set(['ENOSPC', 'EDQUOT'])
const READ_ONLY = new Set(['EROFS'])
const DENIED = new Set(['EACCES', 'EPERM'])

/** An error of the file system that a write can meet (not of the network): no space, read-only, denied, gone. */
export function isDiskFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' && (SPACE.has(code) || READ_ONLY.has(code) || DENIED.has(code) || code === 'ENOENT')
}

/** Bytes this user may still write where `folder` is (or would be: its nearest existing parent). */
export async function freeBytes(folder: string): Promise<number> {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      const info = await statfs(at)
      return info.bavail * info.bsize
    } catch (error) {
      if (!isCode(error, 'ENOENT') || path.dirname(at) === at) return 0
    }
  }
}

/** The disk's reason for `error`, when it is one. `needBytes`: what the write needed, when known. */
export async function diskReason(error: unknown, folder: string, kind: FolderKind, needBytes?: number): Promise<PauseReason | undefined> {
  const found = error instanceof AppError && error.code === 'DISK' ? error.problem : undefined
  if (found?.code === 'disk.full' || found?.code === 'folder.notWritable') return found
  if (error instanceof AppError) return undefined
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code !== 'string') return undefined
  if (SPACE.has(code)) return problem('disk.full', { folder, freeBytes: await freeBytes(folder), needBytes })
  if (READ_ONLY.has(code)) return problem('folder.notWritable', { folder, kind, reason: 'readOnly' })
  if (DENIED.has(code)) return problem('folder.notWritable', { folder, kind, reason: 'denied' })
  if (code === 'ENOENT') return problem('folder.notWritable', { folder, kind, reason: 'missing' })
  return undefined
}

/** An error the engine can carry (`DISK`, its reason as the problem) for a disk failure; `error` itself otherwise. */
export async function asDiskError(error: unknown, folder: string, kind: FolderKind, needBytes?: number): Promise<unknown> {
  const reason = await diskReason(error, folder, kind, needBytes)
  return reason ? problemError('DISK', reason, `${(error as Error).message} (${folder})`) : error
}

/**
 * Whether a file can be created in `folder` now; the reason it cannot, otherwise, naming
 * `named` (the folder the designer knows, when `folder` is Reelbox's own corner inside it).
 */
export async function writableReason(folder: string, kind: FolderKind, named = folder): Promise<PauseReason | undefined> {
  try {
    await access(folder, constants.W_OK)
    return undefined
  } catch (error) {
    return (await diskReason(error, named, kind)) ?? problem('folder.notWritable', { folder: named, kind, reason: 'denied' })
  }
}
