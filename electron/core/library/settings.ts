import { EMBEDDED_VERSION, EmbeddedSettings, MAX_EMBEDDED_CHARS } from '../../../shared/embedded'
import type { ImageRef } from '../../../shared/draft'
import type { Sidecar } from '../../../shared/library'
import { SEQUENCE_TAG, SETTINGS_TAG } from '../../../shared/media'

// Never carried, at any depth, whatever a body held (the sidecar drops them at the top already).
const SECRET_KEY = /(^|_|-)(api[_-]?key|authorization|token|secret|password)$/i

/**
 * An address as it may leave this computer inside a video: origin and path only. A signed URL's
 * signature lives in its query (`X-Amz-Signature`, `token=`…) and credentials in its user part;
 * both go. Anything that is not an http(s) URL stays as it was.
 */
export function unsigned(text: string): string {
  if (!/^https?:\/\//i.test(text)) return text
  try {
    const url = new URL(text)
    return `${url.origin}${url.pathname}`
  } catch {
    return text
  }
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return unsigned(value)
  if (Array.isArray(value)) return value.map(clean)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)).map(([key, v]) => [key, clean(v)]))
  }
  return value
}

const cleanRef = <T extends ImageRef | undefined>(ref: T): T => (ref?.kind === 'url' ? { ...ref, url: unsigned(ref.url) } : ref)

/** The settings a video carries, from its sidecar (issue 16 item 4): no marks, no key, no signed URL. */
export function settingsOf(sidecar: Omit<Sidecar, 'schemaVersion' | 'media' | 'favourite' | 'rating' | 'tags'>): EmbeddedSettings {
  const { draft } = sidecar
  return {
    reelbox: EMBEDDED_VERSION,
    id: sidecar.id,
    prompt: sidecar.prompt,
    model: sidecar.model,
    mode: sidecar.mode,
    params: clean(sidecar.params) as Record<string, unknown>,
    draft: {
      ...draft,
      image: cleanRef(draft.image),
      first: cleanRef(draft.first),
      last: cleanRef(draft.last),
      ...(draft.references ? { references: draft.references.map(cleanRef) } : {}),
    },
    inputs: sidecar.inputs.map((input) => (input.url ? { ...input, url: unsigned(input.url) } : input)),
    ...(sidecar.continues ? { continues: sidecar.continues } : {}),
    service: { baseUrl: unsigned(sidecar.service.baseUrl), sandbox: sidecar.service.sandbox },
    submittedAt: sidecar.submittedAt,
    finishedAt: sidecar.finishedAt,
  }
}

/** What a video says about how it was made. */
export type ReadSettings = { found: 'settings'; settings: EmbeddedSettings } | { found: 'none' } | { found: 'unreadable'; reason: string }

/**
 * What Reelbox wrote inside any MP4/MOV (`reelbox library inspect`, a dropped video): a clip's
 * settings, or an exported sequence's description. Read with mediabunny, which reads the index
 * only, never the frames. A file that is not a video throws; a video without Reelbox settings is
 * `none`; settings that are not ours or are damaged are `unreadable`, with why.
 */
export async function readVideoTags(file: string): Promise<{ settings: ReadSettings; sequence?: string }> {
  // mediabunny loads on first use, like the engine's other heavy modules (docs/ARCHITECTURE.md).
  const { ALL_FORMATS, FilePathSource, Input } = await import('mediabunny')
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS })
  try {
    const raw = (await input.getMetadataTags()).raw ?? {}
    const sequence = raw[SEQUENCE_TAG]
    return { settings: parseSettings(raw[SETTINGS_TAG]), ...(typeof sequence === 'string' ? { sequence } : {}) }
  } finally {
    input.dispose()
  }
}

export async function readSettings(file: string): Promise<ReadSettings> {
  return (await readVideoTags(file)).settings
}

export function parseSettings(raw: unknown): ReadSettings {
  if (raw === undefined || raw === null) return { found: 'none' }
  if (typeof raw !== 'string') return { found: 'unreadable', reason: 'the settings are not text' }
  if (raw.length > MAX_EMBEDDED_CHARS) return { found: 'unreadable', reason: `the settings are longer than ${MAX_EMBEDDED_CHARS} characters` }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { found: 'unreadable', reason: 'the settings are not JSON' }
  }
  const parsed = EmbeddedSettings.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { found: 'unreadable', reason: `${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'not Reelbox settings'}` }
  }
  return { found: 'settings', settings: parsed.data }
}
