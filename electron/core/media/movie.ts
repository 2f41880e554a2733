import type { ISOFile, Movie } from 'mp4box'
import type { TopLevel } from './file-boxes'

/**
 * A file's movie as mp4box reads it from the `ftyp` and `moov` alone (laid end to end, as if
 * they were the whole file): tracks, timing and each sample's place. Undefined when the index
 * cannot be read: a damaged file is one whose facts stay unknown.
 */
export async function parseMovie(walk: TopLevel): Promise<{ movie: Movie; file: ISOFile } | undefined> {
  if (!walk.moov) return undefined
  const { createFile, MP4BoxBuffer } = await import('mp4box')
  const joined = Buffer.concat([...(walk.ftyp ? [walk.ftyp.bytes] : []), walk.moov.bytes])
  let movie: Movie | undefined
  const file = createFile()
  file.onReady = (info) => {
    movie = info
  }
  file.onError = () => undefined
  // mp4box's box parser reports a damaged box through its Log.error without the file, so neither
  // `onError` nor its log level (`Log.setLogLevel` stops at errors: mp4box 2.4) keeps it from
  // console.error. The parse is synchronous, so muting console.error for exactly its duration
  // hides nothing else.
  const consoleError = console.error
  console.error = () => undefined
  try {
    const bytes = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength)
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, 0))
    file.flush()
  } catch {
    return undefined
  } finally {
    console.error = consoleError
  }
  return movie && { movie, file }
}
