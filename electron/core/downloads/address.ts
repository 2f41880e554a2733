import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import type { LookupPort } from '../ports'

/**
 * Which addresses are not "the internet": this computer, the local network, link-local (where
 * cloud metadata services live), and the unspecified and reserved ranges. A result URL the
 * service gives may only point there when the service itself lives there (./result-url.ts).
 */
const notPublic = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this computer
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6')
}

/** `127.0.0.1`, `::ffff:10.0.0.1`, `fe80::1`: not a public internet address. (Names: false.) */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked against the IPv4 ranges by BlockList itself.
  return notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** A URL's host as an address literal, without IPv6 brackets; undefined for a name. */
export function addressLiteral(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return isIP(host) === 0 ? undefined : host
}

export const systemLookup: LookupPort = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/** The addresses a URL's host stands for: the literal itself, or what the name resolves to. */
export async function addressesOf(url: URL, lookup: LookupPort): Promise<string[]> {
  const literal = addressLiteral(url)
  return literal ? [literal] : lookup(url.hostname)
}
