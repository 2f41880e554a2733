/**
 * The built preload (out/preload/index.cjs) run as Electron runs a sandboxed preload: in its own
 * context, with a `require` that gives only `electron` (the renderer's modules), `events`,
 * `timers` and `url`. It must load there, expose exactly the pipe the renderer expects, and let
 * nothing but envelopes through.
 */
import { existsSync, readFileSync } from 'node:fs'
import events from 'node:events'
import timers from 'node:timers'
import url from 'node:url'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { BRIDGE_KEY, IPC_CALL, IPC_EVENT, type DesktopBridge } from '../../shared/channels'
import type { EventEnvelope } from '../../shared/envelope'

const built = 'out/preload/index.cjs'

type Listener = (event: unknown, ...args: unknown[]) => void

function runPreload() {
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npx electron-vite build\` first (\`npm test\` does, before the e2e project).`)
  const exposed = new Map<string, unknown>()
  const invoked: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<string, Set<Listener>>()
  const required: string[] = []
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push({ channel, args })
      return { id: (args[0] as { id: number }).id, ok: true, data: 'answered' }
    },
    on: (channel: string, listener: Listener) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(listener),
    off: (channel: string, listener: Listener) => void listeners.get(channel)?.delete(listener),
    send: () => expect.fail('the pipe only invokes'),
    sendSync: () => expect.fail('the pipe only invokes'),
  }
  // What Electron gives a sandboxed preload (docs: Process Sandboxing → Preload scripts).
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
    ipcRenderer,
    webUtils: { getPathForFile: (file: { name: string }) => `/Users/designer/Desktop/${file.name}` },
    crashReporter: {},
    nativeImage: {},
    webFrame: {},
  }
  const modules: Record<string, unknown> = { electron, events, timers, url }
  const sandboxRequire = (name: string): unknown => {
    required.push(name)
    if (!(name in modules)) throw new Error(`module not found: ${name}`)
    return modules[name]
  }
  const module = { exports: {} }
  const context = vm.createContext({ require: sandboxRequire, module, exports: module.exports, setImmediate, clearImmediate, Buffer })
  new vm.Script(readFileSync(built, 'utf8'), { filename: built }).runInContext(context)
  const deliver = (channel: string, event: unknown, ...args: unknown[]): void => listeners.get(channel)?.forEach((listener) => listener(event, ...args))
  return { exposed, invoked, listeners, required, deliver, ipcRenderer }
}

describe('the built preload in a sandboxed renderer', () => {
  it('loads needing nothing a sandboxed preload cannot have, and exposes one pipe: invoke, subscribe, pathForFile', () => {
    const { exposed, required } = runPreload()
    expect(required.every((name) => ['electron', 'events', 'timers', 'url'].includes(name))).toBe(true)
    expect([...exposed.keys()]).toEqual([BRIDGE_KEY])
    const bridge = exposed.get(BRIDGE_KEY) as Record<string, unknown>
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'pathForFile', 'subscribe'])
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true)
  })

  it('passes an envelope to the engine’s one channel and its answer back, unchanged', async () => {
    const { exposed, invoked } = runPreload()
    const bridge = exposed.get(BRIDGE_KEY) as DesktopBridge
    const request = { id: 7, method: 'library.list', input: { limit: 10 } }
    expect(await bridge.invoke(request)).toEqual({ id: 7, ok: true, data: 'answered' })
    expect(invoked).toEqual([{ channel: IPC_CALL, args: [request] }])
  })

  it('hands a subscriber the event envelope only (never the IPC event or its sender), until it unsubscribes', () => {
    const { exposed, listeners, deliver, ipcRenderer } = runPreload()
    const bridge = exposed.get(BRIDGE_KEY) as DesktopBridge
    const heard: unknown[][] = []
    const stop = bridge.subscribe((...args: unknown[]) => heard.push(args))
    const envelope: EventEnvelope = { event: 'job.updated', payload: { id: 'job-1' } }
    deliver(IPC_EVENT, { sender: ipcRenderer, ports: [] }, envelope)
    expect(heard).toEqual([[envelope]])
    stop()
    expect(listeners.get(IPC_EVENT)?.size).toBe(0)
    deliver(IPC_EVENT, { sender: ipcRenderer }, envelope)
    expect(heard).toHaveLength(1)
  })

  it('gives the path of a dropped file from webUtils', () => {
    const bridge = runPreload().exposed.get(BRIDGE_KEY) as DesktopBridge
    expect(bridge.pathForFile({ name: 'dusk.png' } as File)).toBe('/Users/designer/Desktop/dusk.png')
  })
})
