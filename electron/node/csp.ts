/**
 * The renderer's Content-Security-Policy, one definition for both shells. No inline or eval'd
 * script; the page may only talk to its own origin; video plays only from the library (the
 * `reelbox-media:` scheme in Electron, the engine's own /media route in web mode), and is read
 * from there too (frames of a clip, decoded in the page).
 */
import { MEDIA_SCHEME } from '../../shared/media'

export type Shell = 'electron' | 'web'

export function buildCsp(shell: Shell): string {
  const library = shell === 'electron' ? `${MEDIA_SCHEME}:` : "'self'"
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // Dropped images preview as blob: URLs; a pasted image URL previews from the web.
    'img-src': ["'self'", library, 'blob:', 'data:', 'https:'],
    'media-src': [library],
    'font-src': ["'self'"],
    // 'self' covers the web-mode WebSocket on the same host and port (CSP3), and its /media. The
    // library's videos are also read by fetch (ranges of them), to take a clip's exact last frame
    // with WebCodecs (renderer/src/media/frames.ts).
    'connect-src': ["'self'", library],
    'worker-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ')
}

/**
 * The policy as an HTTP header: the same directives, plus `frame-ancestors 'none'`, which only
 * works in a header (a <meta> policy ignores it), so no other page can frame the app.
 */
export function cspHeader(shell: Shell): string {
  return `${buildCsp(shell)}; frame-ancestors 'none'`
}

const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/

export function cspMeta(shell: Shell): string {
  return `<meta http-equiv="Content-Security-Policy" content="${buildCsp(shell)}" />`
}

/** Takes the policy out of an index.html (the dev server injects styles inline). */
export function withoutCsp(html: string): string {
  return html.replace(META, '')
}

/** Puts the shell's policy into an index.html (replacing any policy already there). */
export function withCsp(html: string, shell: Shell): string {
  if (META.test(html)) return html.replace(META, cspMeta(shell))
  return html.replace(/<head>/i, `<head>\n    ${cspMeta(shell)}`)
}
