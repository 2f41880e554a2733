import type { CancelEnvelope, EventEnvelope, RequestEnvelope, ResponseEnvelope } from './envelope'

/** IPC channel names; the web transport carries the same envelopes as WebSocket frames. */
export const IPC_CALL = 'reelbox:call'
export const IPC_EVENT = 'reelbox:event'

/** The one name the preload gives the page (`window.reelbox`). */
export const BRIDGE_KEY = 'reelbox'

/**
 * What the preload exposes: a pipe, nothing more. Envelopes go in and come out unchanged; the
 * renderer builds its typed API from the contract's names on top (renderer/src/api), once for
 * both transports. No IPC object, event object or Node value ever reaches the page.
 */
export interface DesktopBridge {
  /** A call answers with its envelope; a cancel of one (`{id, cancel: true}`) with `null`. */
  invoke(request: RequestEnvelope | CancelEnvelope): Promise<ResponseEnvelope | null>
  subscribe(listener: (envelope: EventEnvelope) => void): () => void
  /** The path of a file the designer dropped (Electron's `webUtils.getPathForFile`). */
  pathForFile(file: File): string
}
