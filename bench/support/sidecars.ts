/**
 * What a generated benchmark library holds: varied prompts (Latin, CJK), the default catalogue's
 * placeholder models, every mode, some favourites, ratings and tags. Shared by the library and
 * grid benchmarks so both measure the same kind of library.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sidecar } from '../../shared/library'
import { baseNameOf } from '../../electron/core/library/naming'

export const benchPrompts = [
  'A red fox running through fresh snow at dawn, cinematic, 35mm, shallow depth of field',
  'Neon city street in the rain at night, reflections, slow dolly in',
  '一只猫在雨中奔跑，电影感，慢动作',
  'Product shot of a perfume bottle rotating on black velvet, soft rim light, studio',
  'Aerial view over a turquoise lagoon, drone shot, golden hour',
  '桜の花びらが舞う京都の路地、夕暮れ',
]
export const benchModels = [
  { id: 'kestrel-v2.6', family: 'kestrel', version: '2.6' },
  { id: 'kestrel-v2.7', family: 'kestrel', version: '2.7' },
  { id: 'lumen-1', family: 'lumen', version: '1' },
  { id: 'atlas-pro', family: 'atlas', version: 'Pro' },
]
const modes = ['t2v', 'i2v', 'first-last', 'reference'] as const
const tagPool = ['hero', 'client-x', 'b-roll', 'draft', 'approved']

export function benchModel(n: number): (typeof benchModels)[number] {
  return benchModels[n % benchModels.length]!
}

export function benchPrompt(n: number): string {
  return benchPrompts[n % benchPrompts.length]!
}

/** Item `n`'s sidecar, as the importer would write it for a 5 s 1280×720 result. */
export function benchSidecar(n: number, finishedAt: number, file: string, size: number): Sidecar {
  const model = benchModel(n)
  const prompt = `${benchPrompt(n)} #${n}`
  const mode = modes[n % modes.length]!
  return {
    schemaVersion: 1,
    id: `job${n}-0`,
    prompt,
    model,
    mode,
    params: { model: model.id, prompt, duration: 5, resolution: '1280x720', seed: n },
    draft: { modelId: model.id, mode, prompt, duration: 5, resolution: '1280x720', seed: n },
    inputs: [],
    service: { baseUrl: 'https://video.example.com', taskId: `video_${n}`, requestId: `req_${n}`, sandbox: n % 7 === 0 },
    jobId: `job${n}`,
    submittedAt: finishedAt - 60_000,
    finishedAt,
    media: { file, durationSec: 5, width: 1280, height: 720, codec: 'avc1.64001e', size },
    favourite: n % 11 === 0,
    rating: n % 5,
    tags: n % 3 === 0 ? [tagPool[n % tagPool.length]!] : [],
  }
}

/** How `writeBenchLibrary` lays down each item's media (written, or hard-linked to one real file). */
export interface BenchMedia {
  /** When item `n` finished: it decides the month folder and the file name. */
  finishedAt(n: number): number
  /** Puts item `n`'s video at `file`; every video is `videoSize` bytes (for the sidecar). */
  video(n: number, file: string): Promise<void>
  videoSize: number
  /** Puts item `n`'s poster at `file`, for the items that have one. */
  poster?(n: number, file: string): Promise<void>
  /** Items written at a time. */
  batch?: number
}

/**
 * A library of `count` items under `root` as Reelbox writes it: month folders, and per item a
 * video, its sidecar (formatted as the importer writes it) and, where `media` gives one, a poster.
 */
export async function writeBenchLibrary(root: string, count: number, media: BenchMedia): Promise<void> {
  const months = new Set<string>()
  const writes: Array<() => Promise<void>> = []
  for (let n = 0; n < count; n++) {
    const finishedAt = media.finishedAt(n)
    const d = new Date(finishedAt)
    const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
    if (!months.has(month)) {
      months.add(month)
      await mkdir(path.join(root, month), { recursive: true })
    }
    const stem = path.join(root, month, baseNameOf({ id: `job${n}-0`, prompt: benchPrompt(n), modelId: benchModel(n).id, finishedAt }))
    writes.push(async () => {
      await media.video(n, `${stem}.mp4`)
      await writeFile(`${stem}.json`, `${JSON.stringify(benchSidecar(n, finishedAt, path.basename(`${stem}.mp4`), media.videoSize), null, 2)}\n`)
      await media.poster?.(n, `${stem}.jpg`)
    })
  }
  const batch = media.batch ?? 64
  for (let i = 0; i < writes.length; i += batch) await Promise.all(writes.slice(i, i + batch).map((write) => write()))
}
