import fs from 'node:fs'
import { AddedSidecar, Sidecar } from '../../../shared/library'
import { SHARED_FILE_MODE, writeFileAtomic } from '../files/atomic'

export type ParsedSidecar =
  | { kind: 'generated'; sidecar: Sidecar }
  | { kind: 'added'; sidecar: AddedSidecar }
  /** `unparsed`: not JSON at all, as a file read while it was being written (or half of one) is. */
  | { kind: 'invalid'; reason: string; unparsed?: true }

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
    return { kind: 'invalid', reason: `not JSON (${(error as Error).message})`, unparsed: true }
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
 * Reads and parses one sidecar: open, fstat, reads until one returns nothing, close. The fstat
 * gives the stamp the next scan compares against (a rebuild of 100,000 items is mostly these
 * operations); its size is only where the reads begin. A network client (SMB, NFS) may answer
 * fstat from a cache another machine's write has made stale, and a read of that many bytes is
 * half the file: the end is where the server says it is. Each read goes on where the last one
 * ended (no position), which is the same on a file and works on a pipe too.
 */
export async function readSidecar(file: string): Promise<ReadSidecar> {
  return parsedRead(await readWithStat(file))
}

/**
 * The same, on the calling thread: well under the CPU of the thread pool's round trips where
 * reads are fast (the page cache, a local disk), and a stall where they are slow (a network
 * share): the scanner uses it only while reads are fast (read-pace.ts).
 */
export function readSidecarSync(file: string): ReadSidecar {
  const fd = fs.openSync(file, 'r')
  try {
    const { mtimeMs, size } = fs.fstatSync(fd)
    if (size > MAX_SIDECAR_BYTES) return parsedRead({ mtimeMs, size })
    let buffer: Buffer = Buffer.allocUnsafe(roomFor(size))
    let length = 0
    for (;;) {
      if (length === buffer.length) {
        if (length > MAX_SIDECAR_BYTES) return parsedRead({ mtimeMs, size })
        buffer = grown(buffer, length)
      }
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
    }
    return parsedRead({ text: buffer.toString('utf8', 0, length), mtimeMs, size })
  } finally {
    fs.closeSync(fd)
  }
}

export interface ReadSidecar {
  parsed: ParsedSidecar
  mtimeMs: number
  size: number
}

/** Room for what fstat says and a little more, so a file as long as it says ends on the second read. */
const roomFor = (size: number): number => Math.min(size + 1024, MAX_SIDECAR_BYTES + 1)

/** Twice the room (up to one byte past the limit, to tell a file too large): the file was longer than fstat said. */
function grown(buffer: Buffer, length: number): Buffer {
  const next = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_SIDECAR_BYTES + 1))
  buffer.copy(next, 0, 0, length)
  return next
}

const parsedRead = ({ text, mtimeMs, size }: { text?: string; mtimeMs: number; size: number }): ReadSidecar => ({
  parsed: text === undefined ? { kind: 'invalid', reason: 'too large for a sidecar' } : parseSidecar(text),
  mtimeMs,
  size,
})

type Read = { text?: string; mtimeMs: number; size: number }

/**
 * open → fstat → read… → close with the callback API: a rebuild makes 100,000 of these, and
 * FileHandle's promises cost the engine's thread about a third more per file (measured).
 */
function readWithStat(file: string): Promise<Read> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (openError, fd) => {
      if (openError) return reject(openError)
      const finish = (error: Error | null, result?: Read): void =>
        fs.close(fd, (closeError) => (error || closeError ? reject(error ?? closeError) : resolve(result!)))
      fs.fstat(fd, (statError, info) => {
        if (statError) return finish(statError)
        const { mtimeMs, size } = info
        if (size > MAX_SIDECAR_BYTES) return finish(null, { mtimeMs, size })
        let buffer: Buffer = Buffer.allocUnsafe(roomFor(size))
        let length = 0
        const more = (): void => {
          if (length === buffer.length) {
            if (length > MAX_SIDECAR_BYTES) return finish(null, { mtimeMs, size })
            buffer = grown(buffer, length)
          }
          fs.read(fd, buffer, length, buffer.length - length, null, (readError, read) => {
            if (readError) return finish(readError)
            if (read === 0) return finish(null, { text: buffer.toString('utf8', 0, length), mtimeMs, size })
            length += read
            more()
          })
        }
        more()
      })
    })
  })
}

/** Pretty-printed, because designers and their scripts read these files (and the studio's other machines). */
export async function writeSidecar(file: string, sidecar: Sidecar | AddedSidecar): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(sidecar, null, 2)}\n`, { mode: SHARED_FILE_MODE })
}
