import fs from 'node:fs/promises'
import { isCode } from '../files/atomic'

const CHUNK = 64 * 1024

/**
 * Appends whole lines to this machine's own log, and returns once they are on the disk. A line
 * left half-written by a writer killed mid-append is cut off first: this machine is the file's
 * only writer, and no reader ever took that part (readers take whole lines only).
 */
export async function appendLines(file: string, text: string): Promise<void> {
  const handle = await fs.open(file, 'a+')
  try {
    const { size } = await handle.stat()
    const whole = await wholeLength(handle, size)
    if (whole < size) await handle.truncate(whole)
    // Opened to append: after the cut, the line lands right after the last whole one.
    await handle.write(text)
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

/** Where the last whole line ends (the file's length when it ends with a newline). */
async function wholeLength(handle: fs.FileHandle, size: number): Promise<number> {
  const buffer = Buffer.alloc(Math.min(size, CHUNK))
  for (let end = size; end > 0; end -= buffer.length) {
    const start = Math.max(0, end - buffer.length)
    const { bytesRead } = await handle.read(buffer, 0, end - start, start)
    const newline = buffer.subarray(0, bytesRead).lastIndexOf(0x0a)
    if (newline >= 0) return start + newline + 1
  }
  return 0
}

/**
 * Follows one machine's log: each read takes the whole lines added since the last one. It reads
 * until the file has no more (never up to a size a network client cached), and keeps a line
 * without its newline for the next read, as the writer may still be writing it.
 */
export class LogReader {
  private offset = 0

  constructor(readonly file: string) {}

  /** The whole lines added since the last read; none when the file is gone. */
  async readNew(): Promise<string[]> {
    let handle: fs.FileHandle
    try {
      handle = await fs.open(this.file, 'r')
    } catch (error) {
      if (isCode(error, 'ENOENT')) return []
      throw error
    }
    try {
      // A file shorter than what was read is a new file under the old name (restored, re-synced):
      // read it from the start; the registers take each version once however often it is read.
      if ((await handle.stat()).size < this.offset) this.offset = 0
      const chunks: Buffer[] = []
      let at = this.offset
      for (;;) {
        const buffer = Buffer.allocUnsafe(CHUNK)
        const { bytesRead } = await handle.read(buffer, 0, CHUNK, at)
        if (bytesRead === 0) break
        chunks.push(buffer.subarray(0, bytesRead))
        at += bytesRead
      }
      const text = Buffer.concat(chunks)
      const end = text.lastIndexOf(0x0a) + 1
      this.offset += end
      return end === 0 ? [] : text.toString('utf8', 0, end - 1).split('\n')
    } finally {
      await handle.close()
    }
  }
}
