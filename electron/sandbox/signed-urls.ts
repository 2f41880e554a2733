import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Result URLs that expire, like a CDN's signed links: `…/files/<id>.mp4?exp=<ms>&sig=<hmac>`.
 * The signature covers the path and the expiry, with a secret that lives as long as the Sandbox
 * (or its state folder).
 * Each query answer signs afresh, so a client whose URL expired can query again for a new one.
 */
export type Verdict = 'ok' | 'expired' | 'invalid'

export class UrlSigner {
  /** Kept in the state folder when there is one, so URLs signed before a restart still verify. */
  readonly secret: Buffer

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    secret?: Buffer,
  ) {
    this.secret = secret ?? randomBytes(32)
  }

  /** `pathname?exp=…&sig=…` */
  sign(pathname: string): string {
    const exp = this.now() + this.ttlMs
    return `${pathname}?exp=${exp}&sig=${this.mac(pathname, exp)}`
  }

  verify(pathname: string, query: URLSearchParams): Verdict {
    const exp = Number(query.get('exp'))
    const sig = query.get('sig') ?? ''
    if (!Number.isSafeInteger(exp)) return 'invalid'
    const expected = Buffer.from(this.mac(pathname, exp))
    const given = Buffer.from(sig)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
    return this.now() > exp ? 'expired' : 'ok'
  }

  private mac(pathname: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${pathname}\n${exp}`).digest('base64url')
  }
}
