import { request as httpRequest } from 'node:http'
import sharp from 'sharp'
import { Catalog, type CatalogInput } from '../../shared/catalog'
import { type Sandbox, type SandboxOptions, startSandbox } from '../../electron/sandbox'
import { pollUntil } from '../support/poll'

const limits = { maxBytes: 2_000_000, maxPixels: 4096 * 4096, minAspect: 0.25, maxAspect: 4, minSide: 64 }

/**
 * A small catalogue of our own, so these tests do not depend on the default one: every mode, every
 * image format (string/object × data URL/base64), headtailImages keys, characterImages min/max,
 * durations, resolutions, an audio switch, an immediate model.
 */
export const fixtureCatalogInput: CatalogInput = {
  schemaVersion: 1,
  name: 'sandbox test fixture',
  families: [
    { id: 'alpha', name: 'Alpha' },
    { id: 'beta', name: 'Beta' },
  ],
  models: [
    {
      id: 'alpha-1',
      family: 'alpha',
      version: '1',
      displayName: 'Alpha 1',
      imageLimits: limits,
      modes: {
        t2v: {
          action: 't2v',
          fields: { prompt: 'required', duration: 'optional', resolution: 'optional', seed: 'optional' },
          prompt: { maxLength: 200 },
          durations: [2, 4],
          resolutions: ['1280x720', '720x1280', '960x960'],
        },
        // string + data URL
        i2v: {
          action: 'i2v',
          fields: { image: 'required', prompt: 'optional', duration: 'optional' },
          prompt: { maxLength: 200 },
          image: { shape: 'string', encoding: 'data-url' },
          durations: [2],
        },
        // object (key "url") + data URL, 1–3 references
        reference: {
          action: 'i2v',
          fields: { characterImages: 'required', prompt: 'optional', duration: 'optional' },
          prompt: { maxLength: 200 },
          characterImages: { format: { shape: 'object', key: 'url', encoding: 'data-url' }, min: 1, max: 3 },
          durations: [2],
        },
      },
    },
    {
      id: 'beta-2',
      family: 'beta',
      version: '2',
      displayName: 'Beta 2',
      imageLimits: limits,
      modes: {
        // object (key "imageUrl") + raw base64, with audio
        i2v: {
          action: 'i2v',
          fields: { image: 'required', prompt: 'required', duration: 'optional', sound: 'optional' },
          prompt: { maxLength: 50 },
          image: { shape: 'object', key: 'imageUrl', encoding: 'base64' },
          durations: [2, 3],
          audio: { field: 'sound' },
        },
        // string + raw base64, named first/last keys
        'first-last': {
          action: 'i2v',
          fields: { headtailImages: 'required', prompt: 'optional', resolution: 'optional' },
          prompt: { maxLength: 50 },
          headtailImages: { first: 'first_frame', last: 'last_frame', format: { shape: 'string', encoding: 'base64' } },
          resolutions: ['16:9', '9:16'],
        },
      },
    },
    {
      id: 'beta-fast',
      family: 'beta',
      version: 'fast',
      displayName: 'Beta Fast',
      imageLimits: limits,
      modes: { t2v: { action: 't2v', fields: { prompt: 'required', duration: 'optional' }, prompt: { maxLength: 100 }, durations: [2] } },
    },
  ],
}

export const fixtureCatalog: Catalog = Catalog.parse(fixtureCatalogInput)

/** Fast settings for tests: tiny timings, small frames. */
export function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startSandbox({
    catalog: fixtureCatalog,
    timing: { pendingMs: 20, runningMs: 40 },
    immediateModels: ['beta-fast'],
    render: { longSide: 160, fps: 12 },
    ...options,
  })
}

export async function png(width: number, height: number, color = '#d04020'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
}

export const dataUrl = (bytes: Buffer): string => `data:image/png;base64,${bytes.toString('base64')}`
export const base64 = (bytes: Buffer): string => bytes.toString('base64')

export interface Answer {
  status: number
  headers: Headers
  json: Record<string, unknown> & { code?: number; message?: string; request_id?: string; data?: Record<string, unknown> | null }
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: JSON.parse(text) as Answer['json'] }
}

/** Where a Sandbox answers: a running one, or one in another process (persistence.test.ts). */
export type Endpoint = Pick<Sandbox, 'baseUrl' | 'apiKey'>

export function submit(sandbox: Endpoint, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${sandbox.baseUrl}/api/v1/video/generation`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** The default profile's query: GET /api/v1/video/generation/{task_id}. */
export function query(sandbox: Endpoint, taskId: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${sandbox.baseUrl}/api/v1/video/generation/${taskId}`, { headers: { Authorization: `Bearer ${sandbox.apiKey}`, ...headers } })
}

const terminal = new Set(['succeeded', 'failed'])
const statusOf = (answer: Answer): string => String(answer.json.data?.task_status)

/** Polls like a client would until a terminal status; returns every status seen and the last answer. */
export async function pollToEnd(ask: () => Promise<Answer>, done: (status: string) => boolean = (s) => terminal.has(s)): Promise<{ statuses: string[]; progress: number[]; last: Answer }> {
  const { seen, last } = await pollUntil(ask, (answer) => done(statusOf(answer)), {
    failure: (answers) => `task never finished; statuses seen: ${[...new Set(answers.map(statusOf))].join(', ')}`,
  })
  return { statuses: seen.map(statusOf), progress: seen.map((answer) => Number(answer.json.data?.progress)), last }
}

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** False when the connection closed before the promised bytes arrived. */
  complete: boolean
}

/** A GET with node:http, which (unlike fetch) shows a body cut short byte for byte. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      const finish = (): void => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete })
      res.once('end', finish)
      res.once('error', finish)
      res.once('aborted', finish)
    })
    req.once('error', reject)
    req.end()
  })
}
