import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Debian's ffmpeg, ffprobe and exiftool as independent judges of the videos Reelbox writes
 * (test-only packages: the product never needs them; scripts/check-system.mjs names them).
 */
const run = promisify(execFile)
const big = { maxBuffer: 64 * 1024 * 1024 }

/** One md5 per decoded video frame (`-f framemd5`): equal lists mean identical pictures. */
export async function decodedFrameHashes(file: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], big)
  return hashesOf(stdout)
}

/** One md5 per video packet as stored, not decoded (`-c copy`): equal lists mean no frame was re-encoded. */
export async function packetHashes(file: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'], big)
  return hashesOf(stdout)
}

function hashesOf(framemd5: string): string[] {
  return framemd5
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim())
}

/** `ffprobe -show_format -show_streams` as JSON. */
export async function ffprobe(file: string): Promise<{ format: { duration: string; tags?: Record<string, string> }; streams: Array<{ codec_type: string; nb_frames?: string; width?: number; height?: number }> }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], big)
  return JSON.parse(stdout)
}

/** What exiftool lists for a file (`Tag Name : value` lines). */
export async function exiftool(file: string): Promise<string> {
  return (await run('exiftool', [file], big)).stdout
}
