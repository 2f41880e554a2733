import type { LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import type { Dispatcher } from 'undici'
import type { LookupPort } from '../ports'
import { isPrivateAddress } from './address'

/**
 * The connections result downloads travel on. fetch resolves a host name again when it connects,
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
   * addresses. Undefined: Node's own connections, for an address literal (below).
   */
  dispatcher(anywhere: boolean, url: URL): Promise<Dispatcher | undefined>
  close(): Promise<void>
}

/**
 * Two pools, so a connection opened for a private service's result is never reused for a public
 * one's. `tls` adds trust for tests (a test CA); the app passes nothing and trusts the system's roots.
 *
 * undici from npm, not Node's own fetch internals: only its `Agent` takes a `connect.lookup` (Node
 * does not export the Agent behind its global fetch). It is the largest package the engine loads
 * (0.1 s of CPU, 0.2–0.7 s on a loaded machine), so it is imported when the first result with a
 * host name is fetched, not when the engine starts. An address literal needs no lookup (node:net
 * makes none, and ./result-url.ts has checked the address), so with nothing to add to the system's
 * trust it goes on the connections Node's fetch already has.
 */
export function createResultConnections(lookup: LookupPort, tls: { ca?: string } = {}): ResultConnections {
  let pools: Promise<{ publicOnly: Dispatcher; anywhere: Dispatcher }> | undefined
  const open = (): Promise<{ publicOnly: Dispatcher; anywhere: Dispatcher }> =>
    (pools ??= import('undici').then(({ Agent }) => ({
      publicOnly: new Agent({ connect: { ...tls, lookup: connectLookup(lookup, true) } }),
      anywhere: new Agent({ connect: { ...tls, lookup: connectLookup(lookup, false) } }),
    })))
  return {
    async dispatcher(anywhere, url) {
      if (tls.ca === undefined && isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return undefined
      return (await open())[anywhere ? 'anywhere' : 'publicOnly']
    },
    async close() {
      if (!pools) return
      const { publicOnly, anywhere } = await pools
      await Promise.all([publicOnly.destroy(), anywhere.destroy()])
    },
  }
}
