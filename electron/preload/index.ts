/**
 * The bridge, and nothing more: a pipe for envelopes (invoke, subscribe) and the path of a
 * dropped file. It knows no procedure names; the renderer builds its API from the contract
 * (renderer/src/api). A sandboxed preload may only require `electron`, `events`, `timers` and
 * `url`, so this file bundles everything else it needs (there is nothing else).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { BRIDGE_KEY, IPC_CALL, IPC_EVENT, type DesktopBridge } from '../../shared/channels'
import type { EventEnvelope, ResponseEnvelope } from '../../shared/envelope'

const bridge: DesktopBridge = {
  invoke: (request) => ipcRenderer.invoke(IPC_CALL, request) as Promise<ResponseEnvelope | null>,
  subscribe(listener) {
    // Only the envelope crosses: the IPC event (and its `sender`, the ipcRenderer) stays here.
    const handler = (_event: unknown, envelope: EventEnvelope): void => listener(envelope)
    ipcRenderer.on(IPC_EVENT, handler)
    return () => void ipcRenderer.off(IPC_EVENT, handler)
  },
  pathForFile: (file) => webUtils.getPathForFile(file),
}

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge)
