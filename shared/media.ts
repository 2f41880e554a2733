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
