import type { ISOFile, Movie } from 'mp4box'
import type { TopLevel } from './file-boxes'

/**
 * A file's movie as mp4box reads it from the `ftyp` and `moov` alone (laid end to end, as if
 * they were the whole file): tracks, timing and each sample's place. Undefined when the index
 * cannot be read: a damaged file is one whose facts stay unknown.
 */
export async function parseMovie(walk: TopLevel): Promise<{ movie: Movie; file: ISOFile } | undefined> {
  if (!walk.moov) return undefined
  const { createFile, Log, MP4BoxBuffer } = await import('mp4box')
  // mp4box's box parser reports a damaged box through its own Log.error without the file, so
  // `onError` does not catch it, and its log level stops at errors (`Log.setLogLevel`, mp4box
  // 2.4): its error log is quieted instead, mp4box's own and nothing else (the engine is its only
  // user, and reads a damaged index as facts unknown).
  Log.error = () => undefined
  const joined = Buffer.concat([...(walk.ftyp ? [walk.ftyp.bytes] : []), walk.moov.bytes])
  let movie: Movie | undefined
  const file = createFile()
  file.onReady = (info) => {
    movie = info
  }
  file.onError = () => undefined
  try {
    const bytes = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength)
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, 0))
    file.flush()
  } catch {
    return undefined
  }
  return movie && { movie, file }
}
