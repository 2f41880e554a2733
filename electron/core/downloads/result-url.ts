import { AppError } from '../../../shared/errors'
import type { LookupPort, ResultFetchPort } from '../ports'
import { addressesOf, isPrivateAddress } from './address'
import { RefusedAddress, type ResultConnections } from './connect'

/**
 * Opens a result URL the service gave (§2.3 `urls`) the way a careful browser would not: only
 * http(s), and only public addresses unless the service itself is on this computer or a private
 * network, checked on every redirect hop (redirects are followed here, by hand, for that). A
 * service, or whoever controls its answers, must not make Reelbox fetch `file:///etc/passwd`,
 * an admin page on 127.0.0.1 or a cloud metadata address and file it as a video.
 *
 * Each hop is checked before its request (an address literal, or what the name resolves to) and
 * again by the connection itself (./connect.ts), on the addresses it connects to: a DNS answer
 * that changes in between (rebinding) is refused with the same words, before a byte is sent.
 */
export interface ResultRequest {
  url: string
  /** The base URL of the job's connection: private addresses are allowed when it has one. */
  serviceBaseUrl: string
  headers: Record<string, string>
  signal: AbortSignal
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

function refuse(message: string): AppError {
  return new AppError('PROTOCOL', message, { retryable: false, details: { refusedUrl: true } })
}

/** A result URL as a URL, or a refusal that says why; never retried (it will not change). */
export function parseResultUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw refuse('The service gave a result URL that is not a URL.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(`The service gave a result that is not a web address (${url.protocol}); Reelbox only downloads http and https results.`)
  }
  return url
}

/** Why a result may not be fetched from `address`, in the words the designer reads. */
function refusal(url: URL, address: string, redirected: boolean, request: ResultRequest): AppError {
  const where = `${url.hostname}${url.hostname === address ? '' : ` (${address})`}`
  return refuse(
    `The result ${redirected ? 'redirects' : 'points'} to ${where}, on this computer or a private network; the service at ${new URL(request.serviceBaseUrl).host} may not send Reelbox there.`,
  )
}

export function createResultOpener(deps: { fetchResult: ResultFetchPort; lookup: LookupPort; connections: ResultConnections }) {
  /** Whether the service itself lives on this computer or a private network (then so may its results). */
  async function serviceIsPrivate(baseUrl: string): Promise<boolean> {
    try {
      const addresses = await addressesOf(new URL(baseUrl), deps.lookup)
      return addresses.length > 0 && addresses.every(isPrivateAddress)
    } catch {
      return false
    }
  }

  async function check(url: URL, redirected: boolean, request: ResultRequest): Promise<void> {
    let addresses: string[]
    try {
      addresses = await addressesOf(url, deps.lookup)
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message
      throw new AppError('NETWORK', `Could not find the result's server ${url.hostname} (${code}).`, { retryable: true, cause: error, details: { networkCode: code } })
    }
    const inside = addresses.find(isPrivateAddress)
    if (inside !== undefined) throw refusal(url, inside, redirected, request)
  }

  /** One request, on a connection that goes only where `anywhere` allows (./connect.ts). */
  async function send(url: URL, redirected: boolean, anywhere: boolean, request: ResultRequest): Promise<Response> {
    try {
      return await deps.fetchResult(url, { headers: request.headers, signal: request.signal, agent: deps.connections.agent(anywhere, url) })
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof RefusedAddress) throw refusal(url, cause.address, redirected, request)
      throw error
    }
  }

  return async function openResult(request: ResultRequest): Promise<Response> {
    let url = parseResultUrl(request.url)
    const anywhere = await serviceIsPrivate(request.serviceBaseUrl)
    for (let hop = 0; ; hop++) {
      if (!anywhere) await check(url, hop > 0, request)
      const response = await send(url, hop > 0, anywhere, request)
      if (!REDIRECTS.has(response.status)) return response
      await response.body?.cancel().catch(() => undefined)
      const location = response.headers.get('location')
      if (!location) throw refuse(`The result URL redirects (HTTP ${response.status}) without saying where.`)
      if (hop >= MAX_REDIRECTS) throw refuse(`The result URL redirects more than ${MAX_REDIRECTS} times.`)
      url = parseResultUrl(location, url)
    }
  }
}

export type ResultOpener = ReturnType<typeof createResultOpener>
