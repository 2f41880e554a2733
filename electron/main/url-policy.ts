/**
 * The one door to the designer's browser: every `shell.openExternal` goes through
 * `externalUrlVerdict`. Only https, no credentials in the URL (they would end up in history and
 * logs), nothing absurdly long; optionally only some hosts.
 */
export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: string }

export interface ExternalUrlPolicy {
  /** When given, only these hosts and their subdomains. */
  readonly allowHosts?: readonly string[]
}

const MAX_LENGTH = 2048

export function externalUrlVerdict(raw: unknown, policy: ExternalUrlPolicy = {}): ExternalUrlVerdict {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'not a URL' }
  if (raw.length > MAX_LENGTH) return { ok: false, reason: 'too long' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'not a URL' }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `${url.protocol} links are not opened` }
  if (url.username || url.password) return { ok: false, reason: 'the URL contains credentials' }
  if (!url.hostname) return { ok: false, reason: 'no host' }
  const host = url.hostname.toLowerCase()
  if (policy.allowHosts && !policy.allowHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) {
    return { ok: false, reason: `${host} is not on the list of sites Reelbox opens` }
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
