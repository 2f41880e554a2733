import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import type { FfmpegPort } from '../core/ports'

/**
 * The system's ffmpeg for the engine (core/ports.ts `FfmpegPort`), from the environment the shell
 * passes in: `given` (the CLI's `--ffmpeg`) as an absolute path, and an executable `ffmpeg` in a
 * folder of `PATH`, looked up at each use so one installed while Reelbox runs is found. A dozen
 * lines rather than the `which` package: the engine needs the first match only, and no more
 * runtime dependencies to pack.
 */
export function ffmpegPortFor(env: NodeJS.ProcessEnv, given?: string, platform = process.platform): FfmpegPort {
  // Only the program itself: a .cmd or .bat would need a shell, and ffmpeg is never run through one.
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg'
  const folders = [...(env['PATH'] ?? env['Path'] ?? '').split(platform === 'win32' ? ';' : ':'), ...(platform === 'darwin' ? HOMEBREW : [])].filter((folder) => path.isAbsolute(folder))
  return {
    ...(given && { given: path.resolve(given) }),
    async onPath() {
      for (const folder of folders) {
        const candidate = path.join(folder, name)
        if (await isProgram(candidate)) return candidate
      }
      return undefined
    },
  }
}

/** An app opened from the Finder gets launchd's short PATH, without Homebrew's folders (Apple silicon, Intel). */
const HOMEBREW = ['/opt/homebrew/bin', '/usr/local/bin']

async function isProgram(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK)
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}
