import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { WORK_MS } from './waits'

export interface WebApp {
  url: string
  origin: string
  dataDir: string
  libraryDir: string
  process: ChildProcess
  output: () => string
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * `npm run web`'s engine, its bundle out/web/index.mjs, as a real child process on a free port,
 * with its own folders. It serves the renderer that `electron-vite build` put in out/renderer
 * (the test command builds first; the bundle is rebuilt by the global setup when stale).
 */
export async function startWebApp(options: { env?: Record<string, string>; dataDir?: string; libraryDir?: string; port?: number; args?: string[] } = {}): Promise<WebApp> {
  const root = options.dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-'))
  const dataDir = options.dataDir ?? path.join(root!, 'data')
  const libraryDir = options.libraryDir ?? path.join(root!, 'library')
  const child = spawn(process.execPath, ['out/web/index.mjs', '--port', String(options.port ?? 0), ...(options.args ?? [])], {
    // Never the developer's real keychain: keys stay in the engine's memory for the run.
    env: { ...process.env, REELBOX_DATA_DIR: dataDir, REELBOX_LIBRARY_DIR: libraryDir, REELBOX_SECRET_STORE: 'session', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web mode did not start:\n${output}`)), WORK_MS)
    const check = (): void => {
      // The line says "Open <address>" in the terminal's language (LANG): the address is what counts.
      const match = /^\S+ (http:\/\/\S+)$/m.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code}:\n${output}`)))
  })
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    libraryDir,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
