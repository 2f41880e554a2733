/**
 * The connections result downloads travel on (electron/core/downloads/connect.ts): their lookup
 * answers from our LookupPort and refuses private addresses at connect time, and HTTPS over them
 * still verifies the certificate against the URL's host name (a real TLS server on loopback).
 */
import type { LookupAddress, LookupOptions } from 'node:dns'
import { createServer, type Server } from 'node:https'
import type { AddressInfo, LookupFunction } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RefusedAddress, connectLookup, createResultConnections } from '../../../electron/core/downloads/connect'
import { createResultOpener } from '../../../electron/core/downloads/result-url'
import { fetchOverNode } from '../../../electron/core/downloads/node-fetch'
import type { LookupPort } from '../../../electron/core/ports'
import { CDN_CERT, CDN_KEY, TEST_CA, TLS_NAME } from '../../support/tls'

type Answer = { error: NodeJS.ErrnoException } | { address: string | LookupAddress[]; family?: number }

/** What node:net gets back from a lookup function. */
function resolve(lookup: LookupFunction, hostname: string, options: LookupOptions): Promise<Answer> {
  return new Promise((done) => lookup(hostname, options, (error, address, family) => done(error ? { error } : { address, family })))
}

const dns =
  (table: Record<string, string[]>): LookupPort =>
  async (hostname) => {
    const addresses = table[hostname]
    if (addresses) return addresses
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  }

describe('the connection’s lookup', () => {
  const table = {
    'cdn.example': ['203.0.113.10', '2001:db8::10'],
    'mixed.example': ['203.0.113.10', '169.254.169.254'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'nas.example': ['192.168.1.20'],
    'v4.example': ['203.0.113.20'],
  }
  const publicOnly = connectLookup(dns(table), true)

  it('answers public addresses from our port, in both of the forms node:net asks for', async () => {
    expect(await resolve(publicOnly, 'cdn.example', { all: true })).toEqual({
      address: [
        { address: '203.0.113.10', family: 4 },
        { address: '2001:db8::10', family: 6 },
      ],
    })
    expect(await resolve(publicOnly, 'cdn.example', {})).toEqual({ address: '203.0.113.10', family: 4 })
    expect(await resolve(publicOnly, 'cdn.example', { family: 6 })).toEqual({ address: '2001:db8::10', family: 6 })
  })

  it('refuses a name when any of its addresses is private, naming that address', async () => {
    for (const [hostname, address] of [
      ['mixed.example', '169.254.169.254'],
      ['mapped.example', '::ffff:127.0.0.1'],
      ['nas.example', '192.168.1.20'],
    ] as const) {
      const answer = await resolve(publicOnly, hostname, { all: true })
      expect(answer).toEqual({ error: expect.any(RefusedAddress) })
      expect(answer).toMatchObject({ error: { hostname, address } })
    }
  })

  it('lets a private service’s results connect anywhere its port says', async () => {
    expect(await resolve(connectLookup(dns(table), false), 'nas.example', { all: true })).toEqual({ address: [{ address: '192.168.1.20', family: 4 }] })
  })

  it('passes on a name that does not resolve, or resolves to nothing of the family asked', async () => {
    expect(await resolve(publicOnly, 'gone.example', {})).toMatchObject({ error: { code: 'ENOTFOUND' } })
    expect(await resolve(publicOnly, 'v4.example', { family: 6 })).toMatchObject({ error: { code: 'ENOTFOUND' } })
  })
})

describe('HTTPS on these connections', () => {
  let server: Server
  let port: number
  const seen: Array<{ servername: string | false | null; host?: string }> = []
  const lookup = dns({ [TLS_NAME]: ['127.0.0.1'], 'other.tls.example': ['127.0.0.1'] })
  const connections = createResultConnections(lookup, { ca: TEST_CA })
  const openResult = createResultOpener({ fetchResult: fetchOverNode, lookup, connections })
  const open = (hostname: string): Promise<Response> =>
    openResult({ url: `https://${hostname}:${port}/r/video`, serviceBaseUrl: `https://127.0.0.1:${port}`, headers: {}, signal: AbortSignal.timeout(10_000) })

  beforeAll(async () => {
    server = createServer({ cert: CDN_CERT, key: CDN_KEY }, (req, res) => {
      seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host })
      res.writeHead(200, { 'content-type': 'video/mp4' }).end('video bytes')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await connections.close()
    await new Promise((done) => server.close(done))
  })

  it('reaches the address our port gave, with the name as Host and TLS server name', async () => {
    const response = await open(TLS_NAME)
    expect(await response.text()).toBe('video bytes')
    expect(seen).toEqual([{ servername: TLS_NAME, host: `${TLS_NAME}:${port}` }])
  })

  it('checks the certificate against the URL’s name, not the address it connected to', async () => {
    seen.length = 0
    const error = await open('other.tls.example').then(
      () => undefined,
      (failure: unknown) => failure as Error & { cause?: { code?: string } },
    )
    expect(error?.cause?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID')
    expect(seen).toEqual([])
  })
})
