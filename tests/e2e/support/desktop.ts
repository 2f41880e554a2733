/**
 * The built desktop app (out/main/index.js) as a child process under the Electron stand-in
 * (tests/e2e/electron): the test reads everything the app asked of Electron as it happens, and
 * acts as the designer, the OS or a page would. Real folders, real loopback, real files.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { IPC_CALL } from '../../../shared/channels'
import type { ResponseEnvelope } from '../../../shared/envelope'
import { AppError } from '../../../shared/errors'
import type { Action } from '../electron/standin/driver'
import type { Entry, StandInConfig, ToTest } from '../electron/standin/state'

export type { Entry }

const bundle = path.resolve('out/main/index.js')
const sources = ['electron/main', 'electron/preload', 'electron/core', 'shared'].map((dir) => path.resolve(dir))

/** The built bundle, or a clear word that `electron-vite build` must run first (as `npm test` does). */
export function builtMain(): string {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npx electron-vite build\` first (\`npm test\` does, before the e2e project).`)
  const built = statSync(bundle).mtimeMs
  const newer = sources.filter((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((file) => statSync(path.join(dir, file)).mtimeMs > built))
  if (newer.length) throw new Error(`${bundle} is older than ${newer.map((dir) => path.relative(process.cwd(), dir)).join(', ')}: run \`npx electron-vite build\` again.`)
  return bundle
}

export interface DesktopFolders {
  userData: string
  videos: string
  home: string
}

/** A fresh home with the app's folders in it. */
export async function desktopFolders(): Promise<DesktopFolders> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reelbox-desktop-'))
  const folders = { home, userData: path.join(home, 'config', 'Reelbox'), videos: path.join(home, 'Videos') }
  await mkdir(folders.videos, { recursive: true })
  return folders
}

export interface Desktop {
  readonly folders: DesktopFolders
  readonly records: readonly Entry[]
  /** Records of one API (`BrowserWindow.new`, `Notification.show`…). */
  calls(api: string): Entry[]
  /** The first record (at or after `from`) that matches, once it arrives. */
  next(match: (entry: Entry) => boolean, from?: number, timeoutMs?: number): Promise<Entry>
  /** Calls `listener` with every record from now on; returns the way to stop. */
  watch(listener: (entry: Entry) => void): () => void
  act(action: Action): Promise<unknown>
  /** Resolves with the exit code when the process ends. */
  readonly exited: Promise<number | null>
  output(): string
  kill(): void
}

export async function launchDesktop(options: { folders: DesktopFolders; platform?: NodeJS.Platform; env?: Record<string, string> }): Promise<Desktop> {
  const { folders } = options
  const config: StandInConfig = {
    platform: options.platform ?? 'linux',
    appPath: process.cwd(),
    paths: { userData: folders.userData, videos: folders.videos, home: folders.home, temp: os.tmpdir() },
    locale: 'en-US',
    dark: true,
    displays: [{ id: 1, workArea: { x: 0, y: 25, width: 1728, height: 1055 } }],
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/electron/launch.ts', builtMain()], {
    // Never the developer's keychain: keys stay in the engine's memory for the run.
    env: { ...process.env, REELBOX_SECRET_STORE: 'session', ...options.env, REELBOX_STANDIN: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const records: Entry[] = []
  const waiters = new Set<() => void>()
  const watchers = new Set<(entry: Entry) => void>()
  const replies = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  void exited.then(() => {
    for (const waiter of [...waiters]) waiter()
    for (const { reject } of replies.values()) reject(new Error(`The app exited:\n${output}`))
  })

  child.on('message', (message: ToTest) => {
    if (message.type === 'record') {
      records.push(message.entry)
      for (const watcher of [...watchers]) watcher(message.entry)
      for (const waiter of [...waiters]) waiter()
      return
    }
    const reply = replies.get(message.id)
    replies.delete(message.id)
    if (message.ok) reply?.resolve(message.value)
    else reply?.reject(new Error(message.error))
  })

  return {
    folders,
    records,
    calls: (api) => records.filter((entry) => entry.api === api),
    next(match, from = 0, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = records.slice(from).find(match)
          if (!found && child.exitCode === null && child.signalCode === null) return
          waiters.delete(check)
          clearTimeout(timer)
          if (found) resolve(found)
          else reject(new Error(`The app exited before the awaited record:\n${output}`))
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No such record within ${timeoutMs} ms. Last records:\n${records.slice(-15).map((entry) => `${entry.api} ${JSON.stringify(entry.data).slice(0, 200)}`).join('\n')}\n${output}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    watch(listener) {
      watchers.add(listener)
      return () => void watchers.delete(listener)
    },
    act(action) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        replies.set(id, { resolve, reject })
        child.send({ id, action })
      })
    },
    exited,
    output: () => output,
    kill: () => void child.kill('SIGKILL'),
  }
}

/** The page's own top frame, as Electron presents it to `ipcMain.handle`. */
export const APP_FRAME = { url: 'reelbox://app/index.html', top: true }

let nextCall = 1

/** One procedure over the app's IPC channel, from `frame` (the app's page by default). */
export async function callEngine<T = unknown>(desktop: Desktop, method: string, input?: unknown, frame: { url: string; top: boolean } | null = APP_FRAME): Promise<T> {
  const envelope = (await desktop.act({ do: 'invoke', channel: IPC_CALL, args: [{ id: nextCall++, method, input }], frame })) as ResponseEnvelope
  if (!envelope.ok) throw AppError.fromWire(envelope.error)
  return envelope.data as T
}
