/**
 * What a page may do to its own window: nothing but stay where it is. Navigation away is
 * stopped, `window.open` and target=_blank links never open a window (https links go to the
 * browser through the URL policy), and no <webview> can be attached.
 */
import { originOf } from './sender'
import { externalUrlVerdict, type ExternalUrlPolicy } from './url-policy'

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
  /** Told about every refusal, for the log. */
  readonly onRefused?: (what: string) => void
}

export function navigationAllowed(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== undefined && allowedOrigins.includes(origin)
}

export function guardContents(contents: GuardableContents, options: GuardOptions): void {
  const refused = (what: string): void => options.onRefused?.(what)
  contents.on('will-navigate', (event, url) => {
    if (navigationAllowed(url, options.allowedOrigins())) return
    event.preventDefault()
    refused(`navigation to ${originOf(url) ?? 'an unreadable URL'}`)
  })
  contents.setWindowOpenHandler(({ url }) => {
    const verdict = externalUrlVerdict(url, options.externalPolicy)
    // Reviewed for Electronegativity: only a URL externalUrlVerdict accepted (https, no credentials) opens.
    if (verdict.ok) options.openExternal(verdict.url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    else refused(`a new window (${verdict.reason})`)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    refused('a <webview>')
  })
}
