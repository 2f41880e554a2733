/**
 * The one door to the designer's browser: every `shell.openExternal` goes through
 * `externalUrlVerdict`. Only https, no credentials in the URL (they would end up in history and
 * logs), nothing absurdly long; optionally only some hosts.
 */
/**
 * Why a URL is not opened, as a code the log words (shared/locales `log.shell.link.*`): `scheme`
 * carries the URL's scheme ("http:"), `notListed` its host.
 */
export type UrlRefusal =
  | { why: 'notUrl' }
  | { why: 'tooLong' }
  | { why: 'scheme'; scheme: string }
  | { why: 'credentials' }
  | { why: 'noHost' }
  | { why: 'notListed'; host: string }

export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: UrlRefusal }

export interface ExternalUrlPolicy {
  /** When given, only these hosts and their subdomains. */
  readonly allowHosts?: readonly string[]
}

const MAX_LENGTH = 2048

export function externalUrlVerdict(raw: unknown, policy: ExternalUrlPolicy = {}): ExternalUrlVerdict {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: { why: 'notUrl' } }
  if (raw.length > MAX_LENGTH) return { ok: false, reason: { why: 'tooLong' } }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: { why: 'notUrl' } }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: { why: 'scheme', scheme: url.protocol } }
  if (url.username || url.password) return { ok: false, reason: { why: 'credentials' } }
  if (!url.hostname) return { ok: false, reason: { why: 'noHost' } }
  const host = url.hostname.toLowerCase()
  if (policy.allowHosts && !policy.allowHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) {
    return { ok: false, reason: { why: 'notListed', host } }
  }
  return { ok: true, url: url.href }
}

/** Opens `raw` in the browser if the policy allows; says why not otherwise. */
export async function openExternalSafely(
  shell: { openExternal(url: string): Promise<void> },
  raw: unknown,
  policy: ExternalUrlPolicy = {},
): Promise<ExternalUrlVerdict> {
  const verdict = externalUrlVerdict(raw, policy)
  // Reviewed for Electronegativity: the verdict above is the policy; nothing else reaches the browser.
  if (verdict.ok) await shell.openExternal(verdict.url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
  return verdict
}
