/**
 * The stand-in's one piece of state: its configuration (the machine it models), whether the app
 * is ready, and the record of every call the app made. Every record goes to the test process at
 * once (over the child's IPC channel), so a test awaits what it expects instead of sleeping.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The machine the stand-in models; the test passes it as JSON in REELBOX_STANDIN. */
export interface StandInConfig {
  /** What the app believes it runs on, from `ready` on (native modules loaded before stay Linux builds). */
  platform: NodeJS.Platform
  /** The folder of the app's package.json (`app.getVersion`). */
  appPath: string
  paths: { userData: string; videos: string; home: string; temp: string }
  locale: string
  dark: boolean
  /** Work areas of the displays connected, the primary first. */
  displays: Array<{ id: number; workArea: { x: number; y: number; width: number; height: number } }>
}

export interface Entry {
  seq: number
  /** `BrowserWindow.new`, `app.emit`, `webContents.send`, `violation`… */
  api: string
  /** Made after `ready`? */
  ready: boolean
  data: unknown
}

export type ToTest = { type: 'record'; entry: Entry } | { type: 'reply'; id: number; ok: boolean; value?: unknown; error?: string }

export const config = JSON.parse(process.env['REELBOX_STANDIN'] ?? 'null') as StandInConfig
if (!config) throw new Error('The Electron stand-in needs REELBOX_STANDIN (see tests/e2e/support/desktop.ts).')

export const appVersion = (JSON.parse(readFileSync(path.join(config.appPath, 'package.json'), 'utf8')) as { version: string }).version

export const lifecycle = { ready: false, quitting: false }

const entries: Entry[] = []

export function send(message: ToTest, onSent: () => void = () => undefined): void {
  if (process.send) process.send(message, () => onSent())
  else onSent()
}

/** Functions, native objects and buffers as plain data the test can read. */
export function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'function') return '[function]'
      if (item instanceof Uint8Array) return { bytes: item.byteLength }
      return item
    }) ?? 'null',
  ) as unknown
}

/** Records a call; `onSent` runs once the test process has been handed the record. */
export function record(api: string, data: unknown = null, onSent?: () => void): Entry {
  const entry = { seq: entries.length, api, ready: lifecycle.ready, data: plain(data) }
  entries.push(entry)
  send({ type: 'record', entry }, onSent)
  return entry
}

/**
 * A call Electron would refuse: recorded, then thrown as Electron throws it, so the app fails
 * here exactly as it would on a designer's machine.
 */
export function refuse(message: string): never {
  record('violation', { message })
  throw new Error(`Electron stand-in: ${message}`)
}

export function afterReady(what: string): void {
  if (!lifecycle.ready) refuse(`${what} cannot be used before the app is ready`)
}
