import { open } from 'node:fs/promises'
import { AddedSidecar, Sidecar } from '../../../shared/library'
import { writeFileAtomic } from '../files/atomic'

export type ParsedSidecar =
  | { kind: 'generated'; sidecar: Sidecar }
  | { kind: 'added'; sidecar: AddedSidecar }
  | { kind: 'invalid'; reason: string }

/**
 * Reads a sidecar as the folder has it. A `.json` beside a video that is not one of ours (the
 * designer's own notes), or one edited into something unreadable, is reported, never repaired:
 * the folder is theirs.
 */
export function parseSidecar(text: string): ParsedSidecar {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { kind: 'invalid', reason: `not JSON (${(error as Error).message})` }
  }
  const added = raw !== null && typeof raw === 'object' && (raw as { origin?: unknown }).origin === 'added'
  const parsed = added ? AddedSidecar.safeParse(raw) : Sidecar.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { kind: 'invalid', reason: `${issue?.path.join('.') || 'sidecar'}: ${issue?.message ?? 'invalid'}` }
  }
  return added ? { kind: 'added', sidecar: parsed.data as AddedSidecar } : { kind: 'generated', sidecar: parsed.data as Sidecar }
}

// A sidecar is a few kilobytes; a huge `.json` beside a video is not one of ours.
const MAX_SIDECAR_BYTES = 4 * 1024 * 1024

/**
 * Reads and parses one sidecar: open, fstat, one read of exactly that size, close. That is the
 * same four operations `readFile` makes, and the fstat also gives the stamp the next scan
 * compares against (a rebuild of 10,000 items is mostly these operations).
 */
export async function readSidecar(file: string): Promise<{ parsed: ParsedSidecar; mtimeMs: number; size: number }> {
  const handle = await open(file, 'r')
  try {
    const info = await handle.stat()
    if (info.size > MAX_SIDECAR_BYTES) return { parsed: { kind: 'invalid', reason: 'too large for a sidecar' }, mtimeMs: info.mtimeMs, size: info.size }
    const buffer = Buffer.allocUnsafe(info.size)
    const { bytesRead } = info.size ? await handle.read(buffer, 0, info.size, 0) : { bytesRead: 0 }
    return { parsed: parseSidecar(buffer.toString('utf8', 0, bytesRead)), mtimeMs: info.mtimeMs, size: info.size }
  } finally {
    await handle.close()
  }
}

/** Pretty-printed, because designers and their scripts read these files. */
export async function writeSidecar(file: string, sidecar: Sidecar | AddedSidecar): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(sidecar, null, 2)}\n`)
}
