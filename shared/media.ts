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

/** The metadata key of a storyboard's film: the board as planned and the take of each shot. */
export const STORYBOARD_TAG = 'com.reelbox.storyboard'

/**
 * The largest file (image or video) a page in web mode sends as bytes: the WebSocket takes 64 MB
 * a message. The desktop app sends the drop's path instead, and the CLI reads the file.
 */
export const MAX_WEB_FILE_BYTES = 60 * 1024 * 1024

/**
 * The most items one export takes (a zip in web mode, a folder in the app): 200 ids keep web
 * mode's download link well under Node's 16 KB request-header limit.
 */
export const MAX_EXPORT = 200

/**
 * Web mode's Download link: one item's video as an attachment under its readable name, or
 * several as one zip (electron/web/download-route.ts). The app saves through the shell instead.
 */
export function downloadUrl(base: Extract<MediaBase, { shell: 'web' }>, ids: readonly string[]): string {
  const token = `token=${encodeURIComponent(base.token)}`
  return ids.length === 1 ? `${base.origin}/download/${encodeURIComponent(ids[0] ?? '')}?${token}` : `${base.origin}/download?ids=${ids.map(encodeURIComponent).join(',')}&${token}`
}

/** `clip.mp4` → `clip (2).mp4`: the name a second file of the same name gets beside the first. */
export function numberedName(name: string, n: number): string {
  if (n < 2) return name
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
}

/**
 * "clip-name @ 4.96 s.png": a frame of a video kept in the input store, wherever it is taken
 * (Continue in the page, `library.lastFrame`, a storyboard's continuing shot). Numbers and a unit
 * symbol, so the name reads the same in every language the designer uses.
 */
export function frameName(fileName: string, atSeconds: number): string {
  return `${fileName.replace(/\.[^.]*$/, '')} @ ${atSeconds.toFixed(2)} s.png`
}
