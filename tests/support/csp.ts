/** "default-src 'none'; script-src 'self'" → { 'default-src': ["'none'"], 'script-src': ["'self'"] }. */
export function parseCsp(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {}
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) directives[name.toLowerCase()] = values
  }
  return directives
}

/** The policies of every CSP <meta> in an HTML document. */
export function cspMetaPolicies(html: string): string[] {
  return [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1]!)
}
