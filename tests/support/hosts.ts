import { systemLookup } from '../../electron/core/downloads/address'
import { fetchOverNode } from '../../electron/core/downloads/node-fetch'
import type { FetchPort, LookupPort, ResultFetchPort } from '../../electron/core/ports'

/**
 * Public-looking host names served by loopback servers, as an /etc/hosts entry would: fetch
 * ports (the service's and the results') that send `https://cdn.studio.example/…` to
 * `http://127.0.0.1:<port>/…`, and a lookup
 * port that says the name is a public address (TEST-NET-3, 203.0.113.0/24). They are fakes of
 * our own ports; the HTTP under them is real. Names not in `map` go to the real resolver and
 * the real network stack, so a loopback URL stays a loopback URL.
 */
export function routedHosts(map: Record<string, string>): { fetch: FetchPort; fetchResult: ResultFetchPort; lookup: LookupPort } {
  const targets = new Map(Object.entries(map).map(([origin, target]) => [new URL(origin).origin, target]))
  const fetchRouted: FetchPort = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const target = targets.get(url.origin)
    return fetch(target ? `${target}${url.pathname}${url.search}` : url, init)
  }
  // A routed result goes to a loopback address literal, which no lookup is made for (as before);
  // the downloader's pool for the named URL's scheme would not speak the target's.
  const fetchResult: ResultFetchPort = (url, init) => {
    const target = targets.get(url.origin)
    return target ? fetchOverNode(new URL(`${target}${url.pathname}${url.search}`), { ...init, agent: undefined }) : fetchOverNode(url, init)
  }
  const names = new Set([...targets.keys()].map((origin) => new URL(origin).hostname))
  return { fetch: fetchRouted, fetchResult, lookup: async (hostname) => (names.has(hostname) ? ['203.0.113.10'] : systemLookup(hostname)) }
}
