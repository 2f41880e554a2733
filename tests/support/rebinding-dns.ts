import type { LookupPort } from '../../electron/core/ports'

/** A public address (TEST-NET-3): what a rebinding DNS answers the check with. */
export const PUBLIC_ADDRESS = '203.0.113.10'

export interface RebindingDns {
  readonly lookup: LookupPort
  /** How many times `name` was looked up. */
  asked(): number
}

/**
 * A hostile DNS server with a zero TTL, as a fake of our own LookupPort: `name` resolves to a
 * public address, then to `inside` (this computer, a metadata address), then public again, and
 * so on; other names go to `others`. Use `localhost` as the name: the system resolver answers it
 * with this computer too, so code that resolved the name again behind the port would reach the
 * local server, which is what the tests count.
 */
export function rebindingDns(name: string, others: LookupPort, inside = '127.0.0.1'): RebindingDns {
  let asked = 0
  return {
    lookup: async (hostname) => {
      if (hostname !== name) return others(hostname)
      return [asked++ % 2 === 0 ? PUBLIC_ADDRESS : inside]
    },
    asked: () => asked,
  }
}
