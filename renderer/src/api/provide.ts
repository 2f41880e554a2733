import type { AppApi } from '@shared/contract'
import { downloadUrl, mediaUrl, type MediaBase, type MediaKindName } from '@shared/media'
import type { Transport } from './transport'

export type { ConnectionState } from './transport'

/**
 * The engine connection for the stores. Set once at start-up (main.ts) or by a test with a
 * fake; stores read it when they start, never when they are created.
 */
export interface EngineConnection {
  api: AppApi
  transport: Transport
  /** Where media (videos, posters, input images) load from: opaque ids, never paths. */
  media: MediaBase
}

let current: EngineConnection | undefined

export function setEngine(engine: Omit<EngineConnection, 'media'> & { media?: MediaBase }): void {
  current = { media: { shell: 'electron' }, ...engine }
}

/** `mediaUrl('video', itemId)`: a URL the page may put in <video>/<img>. */
export function useMediaUrl(): (kind: MediaKindName, id: string) => string {
  if (!current) throw new Error('The engine connection is not set up yet.')
  const base = current.media
  return (kind, id) => mediaUrl(base, kind, id)
}

/**
 * Web mode's Download link for these items (one video, or several as a zip); undefined in the
 * app, which saves through its own dialogs (`library.export`).
 */
export function useDownloadUrl(): (ids: readonly string[]) => string | undefined {
  if (!current) throw new Error('The engine connection is not set up yet.')
  const base = current.media
  return (ids) => (base.shell === 'web' ? downloadUrl(base, ids) : undefined)
}

export function useEngineApi(): AppApi {
  if (!current) throw new Error('The engine connection is not set up yet.')
  return current.api
}

export function useTransport(): Transport {
  if (!current) throw new Error('The engine connection is not set up yet.')
  return current.transport
}
