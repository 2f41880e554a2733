/**
 * What a page may do to its own window: nothing but stay where it is. Navigation away is
 * stopped, `window.open` and target=_blank links never open a window (https links go to the
 * browser through the URL policy), and no <webview> can be attached.
 */
import type { LogCode } from '../core/logger'
import type { Params } from '../../shared/locales'
import { originOf } from './sender'
import { externalUrlVerdict, type ExternalUrlPolicy, type UrlRefusal } from './url-policy'

interface Preventable {
  preventDefault(): void
}

/** The part of Electron's WebContents the guards use; Electron's own object satisfies it. */
export interface GuardableContents {
  on(event: 'will-navigate', listener: (event: Preventable, url: string) => void): unknown
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

export interface GuardOptions {
  /** Origins the page may (re)load from: our own, and the dev server in development. */
  readonly allowedOrigins: () => readonly string[]
  /** Opens a URL in the browser; called only with URLs the policy accepted. */
  readonly openExternal: (url: string) => void
  readonly externalPolicy?: ExternalUrlPolicy
  /** Told about every refusal, for the log (`refusalLine` words it). */
  readonly onRefused?: (refusal: Refusal) => void
}

/** What a page was refused: a navigation (to an origin, if its URL could be read), a window, a <webview>. */
export type Refusal = { what: 'navigation'; origin?: string } | { what: 'window'; reason: UrlRefusal } | { what: 'webview' }

/** A refusal as the log line that says it (shared/locales `log.shell.refused.*`). */
export function refusalLine(refusal: Refusal): { code: LogCode; params: Params } {
  if (refusal.what === 'webview') return { code: 'shell.refused.webview', params: {} }
  if (refusal.what === 'navigation') return refusal.origin ? { code: 'shell.refused.navigation', params: { origin: refusal.origin } } : { code: 'shell.refused.navigationUnreadable', params: {} }
  const { why, ...params } = refusal.reason
  return { code: `shell.refused.window.${why}`, params }
}

export function navigationAllowed(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== undefined && allowedOrigins.includes(origin)
}

export function guardContents(contents: GuardableContents, options: GuardOptions): void {
  const refused = (refusal: Refusal): void => options.onRefused?.(refusal)
  contents.on('will-navigate', (event, url) => {
    if (navigationAllowed(url, options.allowedOrigins())) return
    event.preventDefault()
    const origin = originOf(url)
    refused({ what: 'navigation', ...(origin !== undefined && { origin }) })
  })
  contents.setWindowOpenHandler(({ url }) => {
    const verdict = externalUrlVerdict(url, options.externalPolicy)
    // Reviewed for Electronegativity: only a URL externalUrlVerdict accepted (https, no credentials) opens.
    if (verdict.ok) options.openExternal(verdict.url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    else refused({ what: 'window', reason: verdict.reason })
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    refused({ what: 'webview' })
  })
}
