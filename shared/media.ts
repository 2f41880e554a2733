/**
 * Media URLs for the page, without zod (the renderer imports this; see docs/ARCHITECTURE.md
 * "Names without zod"). Ids are opaque: `video/<itemId>`, `poster/<itemId>`, `input/<sha256>`.
 */
export type MediaKindName = 'video' | 'poster' | 'input'

/** The desktop app's library scheme: registered by electron/main, allowed by the page's CSP. */
export const MEDIA_SCHEME = 'reelbox-media'

/** Where the page loads media from: the `reelbox-media:` scheme in Electron, `/media` in web mode. */
export type MediaBase = { shell: 'electron' } | { shell: 'web'; origin: string; token: string }

export function mediaUrl(base: MediaBase, kind: MediaKindName, id: string): string {
  const tail = `${kind}/${encodeURIComponent(id)}`
  return base.shell === 'electron' ? `${MEDIA_SCHEME}://${tail}` : `${base.origin}/media/${tail}?token=${encodeURIComponent(base.token)}`
}

/**
 * The metadata key under which every video Reelbox saves carries its settings (QuickTime keyed
 * metadata in `moov/meta`; ffprobe shows it as a format tag, exiftool under QuickTime Keys).
 */
export const SETTINGS_TAG = 'com.reelbox.settings'

/** The metadata key of an exported sequence: its name and clips. */
export const SEQUENCE_TAG = 'com.reelbox.sequence'

/**
 * The largest file (image or video) a page in web mode sends as bytes: the WebSocket takes 64 MB
 * a message. The desktop app sends the drop's path instead, and the CLI reads the file.
 */
export const MAX_WEB_FILE_BYTES = 60 * 1024 * 1024
