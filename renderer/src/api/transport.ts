import type { EventName } from '@shared/contract'

/**
 * `closed`: the engine cannot be reached (its socket closed, or it stopped beating);
 * `refused`: it answers again but not to this tab's token (web mode, restarted with a new one).
 */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'refused'

/** How the renderer reaches the engine: Electron IPC or the web-mode WebSocket. */
export interface Transport {
  call(method: string, input: unknown): Promise<unknown>
  onEvent(listener: (event: EventName, payload: unknown) => void): () => void
  onState(listener: (state: ConnectionState) => void): () => void
  readonly state: ConnectionState
  /** The path of a dropped file, where the shell can give one (Electron only). */
  pathForFile?(file: File): string
}
