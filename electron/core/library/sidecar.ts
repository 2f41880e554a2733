import fs from 'node:fs'
import { AddedSidecar, Sidecar } from '../../../shared/library'
import { SHARED_FILE_MODE, writeFileAtomic } from '../files/atomic'

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
 * compares against (a rebuild of 100,000 items is mostly these operations).
 */
export async function readSidecar(file: string): Promise<ReadSidecar> {
  return parsedRead(await readWithStat(file))
}

/**
 * The same, on the calling thread: well under the CPU of the thread pool's four round trips where
 * reads are fast (the page cache, a local disk), and a stall where they are slow (a network
 * share): the scanner uses it only while reads are fast (read-pace.ts).
 */
export function readSidecarSync(file: string): ReadSidecar {
  const fd = fs.openSync(file, 'r')
  try {
    const { mtimeMs, size } = fs.fstatSync(fd)
    if (size > MAX_SIDECAR_BYTES) return parsedRead({ mtimeMs, size })
    const buffer = Buffer.allocUnsafe(size)
    const read = size === 0 ? 0 : fs.readSync(fd, buffer, 0, size, 0)
    return parsedRead({ text: buffer.toString('utf8', 0, read), mtimeMs, size })
  } finally {
    fs.closeSync(fd)
  }
}

export interface ReadSidecar {
  parsed: ParsedSidecar
  mtimeMs: number
  size: number
}

const parsedRead = ({ text, mtimeMs, size }: { text?: string; mtimeMs: number; size: number }): ReadSidecar => ({
  parsed: text === undefined ? { kind: 'invalid', reason: 'too large for a sidecar' } : parseSidecar(text),
  mtimeMs,
  size,
})

/**
 * open → fstat → read → close with the callback API: a rebuild makes 100,000 of these, and
 * FileHandle's promises cost the engine's thread about a third more per file (measured).
 */
function readWithStat(file: string): Promise<{ text?: string; mtimeMs: number; size: number }> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (openError, fd) => {
      if (openError) return reject(openError)
      const finish = (error: Error | null, result?: { text?: string; mtimeMs: number; size: number }): void =>
        fs.close(fd, (closeError) => (error || closeError ? reject(error ?? closeError) : resolve(result!)))
      fs.fstat(fd, (statError, info) => {
        if (statError) return finish(statError)
        if (info.size > MAX_SIDECAR_BYTES) return finish(null, { mtimeMs: info.mtimeMs, size: info.size })
        const buffer = Buffer.allocUnsafe(info.size)
        if (info.size === 0) return finish(null, { text: '', mtimeMs: info.mtimeMs, size: 0 })
        fs.read(fd, buffer, 0, info.size, 0, (readError, bytesRead) =>
          readError ? finish(readError) : finish(null, { text: buffer.toString('utf8', 0, bytesRead), mtimeMs: info.mtimeMs, size: info.size }),
        )
      })
    })
  })
}

/** Pretty-printed, because designers and their scripts read these files (and the studio's other machines). */
export async function writeSidecar(file: string, sidecar: Sidecar | AddedSidecar): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(sidecar, null, 2)}\n`, { mode: SHARED_FILE_MODE })
}
