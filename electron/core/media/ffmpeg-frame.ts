import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

/** Why ffmpeg gave no last frame: its own words (stderr), the time it was given, or a frame count that fell short. */
export class FfmpegFailure extends Error {
  constructor(
    readonly why: 'failed' | 'timeout' | 'short' | 'unusable',
    readonly detail: string,
  ) {
    super(`${why}: ${detail}`)
  }
}

/** Long enough for a minute of 4K on a busy laptop; a hung ffmpeg is killed, not waited for. */
export const FFMPEG_TIMEOUT_MS = 120_000

/**
 * The last frame of `file` decoded by the system's ffmpeg, as a PNG at full size (media/last-frame.ts
 * calls it for what the engine's own decoder does not read: H.264 Main/High, HEVC, VP9, AV1 …).
 * Every frame is decoded, in presentation order, and only the one numbered `frames - 1` (the file's
 * frame count, from its index) and any after it reach the PNG, which is overwritten frame by frame:
 * so what is left is the last frame shown, B-frames or not, and a stream that decodes to fewer
 * frames than its index lists is counted again by ffmpeg itself (an edit list may hide some), and
 * one that decodes to none is refused, never a neighbour.
 * ffmpeg runs without a shell, reading files only (`-protocol_whitelist file`, paths as `file:`
 * URLs), into a folder of its own under `tempRoot` that is removed afterwards.
 */
export async function ffmpegLastFrame(ffmpeg: string, file: string, frames: number, options: { tempRoot: string; timeoutMs?: number }): Promise<Buffer> {
  if (!path.isAbsolute(ffmpeg) || !path.isAbsolute(file)) throw new FfmpegFailure('unusable', 'paths must be absolute')
  const dir = await mkdtemp(path.join(options.tempRoot, 'last-frame-'))
  const out = path.join(dir, 'last.png')
  const timeoutMs = options.timeoutMs ?? FFMPEG_TIMEOUT_MS
  const input = [...['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'], ...['-i', `file:${file}`, '-map', '0:v:0', '-an', '-sn', '-dn']]
  // `n` counts the frames the decoder shows, before any frame-rate change (there is none for
  // image2 or null, which keep no timestamps), and `gte` keeps every later one too: so an undercount
  // still ends on the last frame. No `-fps_mode`, so ffmpeg 4 (Ubuntu 22.04) runs it as well.
  const from = (n: number) => [...input, '-vf', `select=gte(n\\,${Math.max(0, n - 1)})`, ...['-pix_fmt', 'rgb24', '-c:v', 'png', '-f', 'image2', '-update', '1', '-progress', 'pipe:1', '-y', `file:${out}`]]
  // One time limit for the whole decode, however many runs it takes.
  const deadline = Date.now() + timeoutMs
  const run = (args: string[]) => runFor(ffmpeg, args, Math.max(1, deadline - Date.now()), timeoutMs)
  try {
    let written = await run(from(frames))
    if (written === 0) {
      // An edit list can hide frames the index lists (a clip trimmed without re-encoding): then
      // ffmpeg's own count of the frames it shows says which is the last.
      const shown = await run([...input, '-f', 'null', '-progress', 'pipe:1', '-'])
      if (shown > 0 && shown < frames) written = await run(from(shown))
    }
    if (written === 0) throw new FfmpegFailure('short', String(frames))
    return await readFile(out)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** ffmpeg's version word ("5.1.9-0+deb12u1", "7.1"), which also proves the file runs. */
export async function ffmpegVersion(ffmpeg: string, timeoutMs = 15_000): Promise<string> {
  if (!path.isAbsolute(ffmpeg)) throw new FfmpegFailure('unusable', 'the path must be absolute')
  return new Promise((resolve, reject) => {
    execFile(ffmpeg, ['-hide_banner', '-version'], { timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, maxBuffer: 1 << 20 }, (error, stdout) => {
      const version = /^ffmpeg version (\S+)/m.exec(stdout)
      if (error || !version) reject(new FfmpegFailure('unusable', error ? (error.code === 'ENOENT' ? 'not found' : error.message) : 'it does not say it is ffmpeg'))
      else resolve(version[1]!)
    })
  })
}

/** Runs ffmpeg for at most `timeoutMs`; resolves with the frames it wrote (`-progress`' last `frame=`). `limitMs`: the whole decode's, for the refusal. */
function runFor(ffmpeg: string, args: string[], timeoutMs: number, limitMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(ffmpeg, args, { timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, maxBuffer: 4 << 20 }, (error, stdout, stderr) => {
      if (error) {
        const { code, killed } = error as NodeJS.ErrnoException & { killed?: boolean }
        if (killed) return reject(new FfmpegFailure('timeout', String(Math.ceil(limitMs / 1000))))
        if (typeof code === 'string') return reject(new FfmpegFailure('unusable', code === 'ENOENT' ? 'not found' : error.message))
        // ffmpeg's last words say why; the rest is context the log keeps.
        return reject(new FfmpegFailure('failed', lastLines(stderr) || `exit code ${String(code)}`))
      }
      const counts = [...stdout.matchAll(/^frame=(\d+)$/gm)]
      resolve(Number(counts.at(-1)?.[1] ?? 0))
    })
  })
}

function lastLines(text: string): string {
  return text.trim().split(/\r?\n/).slice(-3).join(' / ').slice(-600)
}
