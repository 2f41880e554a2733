/**
 * The bridge, and nothing more: `window.api` is built from the contract's procedure names, each
 * a call over one IPC channel that resolves to the response envelope (errors travel as data).
 * No Node, no ipcRenderer, no file system reach the page.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { buildApi } from '../../shared/contract/define'
import { IPC_CALL, IPC_EVENT } from '../../shared/channels'
import type { EventEnvelope } from '../../shared/envelope'
import { eventNames, procedureNames } from '../../shared/names'

let nextId = 1
const knownEvents = new Set<string>(eventNames)

const api = buildApi(procedureNames, (method, input) => ipcRenderer.invoke(IPC_CALL, { id: nextId++, method, input }))

contextBridge.exposeInMainWorld('api', api)
contextBridge.exposeInMainWorld('reelbox', {
  on(listener: (event: string, payload: unknown) => void): () => void {
    const handler = (_: unknown, envelope: EventEnvelope): void => {
      if (knownEvents.has(envelope.event)) listener(envelope.event, envelope.payload)
    }
    ipcRenderer.on(IPC_EVENT, handler)
    return () => void ipcRenderer.off(IPC_EVENT, handler)
  },
  /** The path of a file the designer dropped, so large files need not be copied into the page. */
  pathForFile: (file: File): string => webUtils.getPathForFile(file),
})
