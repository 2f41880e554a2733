import type { LookupAddress } from 'node:dns'
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { LookupPort } from '../ports'
import { isPrivateAddress } from './address'

/**
 * The connections result downloads travel on. A request resolves a host name again when it connects,
 * after ./result-url.ts has checked it: a DNS server that answers a public address to the check
 * and 127.0.0.1 or 169.254.169.254 to the connection (rebinding) would reach this computer or a
 * cloud metadata service. So the connection itself resolves through the engine's LookupPort and
 * checks the very addresses it is about to connect to. The URL is left as it is: the Host header
 * and the TLS server name (SNI, and the name the certificate must carry) stay the host name.
 *
 * Address literals are not looked up by node:net at all; ./result-url.ts checks those itself.
 */

/** What the connection's lookup refuses with; ./result-url.ts words it for the designer. */
export class RefusedAddress extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, on this computer or a private network`)
    this.name = 'RefusedAddress'
  }
}

function familyOf(option: number | string | undefined): 0 | 4 | 6 {
  if (option === 4 || option === 'IPv4') return 4
  if (option === 6 || option === 'IPv6') return 6
  return 0
}

/** The lookup's answer, or why there is none. Refuses the whole name if any address is private. */
function vet(hostname: string, addresses: readonly string[], publicOnly: boolean, family: 0 | 4 | 6): LookupAddress[] | Error {
  const refused = publicOnly ? addresses.find(isPrivateAddress) : undefined
  if (refused !== undefined) return new RefusedAddress(hostname, refused)
  const entries = addresses.map((address) => ({ address, family: isIP(address) })).filter((entry) => entry.family !== 0 && (family === 0 || entry.family === family))
  if (entries.length > 0) return entries
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname })
}

/**
 * node:net's `lookup` option, answered by `lookup` (never the system resolver behind the engine's
 * back); with `publicOnly`, a name with any loopback, private or link-local address fails with
 * `RefusedAddress` before a socket is opened.
 */
export function connectLookup(lookup: LookupPort, publicOnly: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (result: LookupAddress[] | Error): void => {
      if (result instanceof Error) return callback(result, '')
      if (options.all) return callback(null, result)
      callback(null, result[0]!.address, result[0]!.family)
    }
    lookup(hostname).then(
      (addresses) => answer(vet(hostname, addresses, publicOnly, familyOf(options.family))),
      (error: unknown) => answer(error instanceof Error ? error : new Error(String(error))),
    )
  }
}

export interface ResultConnections {
  /**
   * The pool a result's request to `url` goes on: `anywhere` for a service on this computer or a
   * private network (the Sandbox, a local gateway), else one that connects only to public
   * addresses. An address literal is not looked up by node:net at all (./result-url.ts checks it).
   */
  agent(anywhere: boolean, url: URL): HttpAgent
  close(): Promise<void>
}

/**
 * Two pools for each scheme, so a connection opened for a private service's result is never
 * reused for a public one's. `tls` adds trust for tests (a test CA); the app passes nothing and
 * trusts the system's roots. node:http's agents take the `lookup` themselves (before: undici's
 * `Agent` from npm, the largest package the engine loaded, 0.1 s of CPU, for this one option).
 */
export function createResultConnections(lookup: LookupPort, tls: { ca?: string } = {}): ResultConnections {
  const pools = new Map<string, HttpAgent>()
  return {
    agent(anywhere, url) {
      const key = `${url.protocol}${anywhere ? 'anywhere' : 'publicOnly'}`
      let pool = pools.get(key)
      if (!pool) {
        const options = { keepAlive: true, lookup: connectLookup(lookup, !anywhere) }
        pool = url.protocol === 'https:' ? new HttpsAgent({ ...options, ...tls }) : new HttpAgent(options)
        pools.set(key, pool)
      }
      return pool
    },
    async close() {
      for (const pool of pools.values()) pool.destroy()
      pools.clear()
    },
  }
}
