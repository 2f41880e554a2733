import type { Mode, Model } from '../../../shared/catalog'
import type { Draft, ImageRef } from '../../../shared/draft'
import { mulberry32 } from '../../../electron/sandbox/random'

/**
 * Random valid drafts for any model × mode of a catalogue, from a seed (so a failure can be
 * replayed). Used by the shaping property test; the Sandbox's strict-mode half can reuse it.
 */

export interface Random {
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

/** The Sandbox's mulberry32 behind the small interface the generator draws from. */
export function seeded(seed: number): Random {
  const next = mulberry32(seed)
  return {
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  }
}

const words = ['a fox', 'in deep snow', 'golden hour', 'slow dolly in', 'neon rain', '山间云雾', '🦊', 'handheld', 'macro', 'the camera orbits']

function prompt(random: Random, maxLength: number): string {
  if (random.chance(0.15)) return [...'雪'.repeat(maxLength)].join('') // exactly at the limit, in characters
  const parts: string[] = []
  while (parts.length < random.int(1, 8)) parts.push(random.pick(words))
  return [...parts.join(' ')].slice(0, maxLength).join('')
}

/** `files` must be images the model can take (within its aspect range); URLs pass through. */
export function randomDraft(model: Model, mode: Mode, random: Random, files: readonly ImageRef[]): Draft {
  const spec = model.modes[mode]
  if (!spec) throw new Error(`${model.id} has no ${mode} mode`)
  const fields = spec.fields
  const has = (field: string) => field in fields
  const wanted = (field: string) => fields[field] === 'required' || (has(field) && random.chance(0.5))
  const image = (): ImageRef => (random.chance(0.25) ? { kind: 'url', url: `https://cdn.example.com/${random.int(1, 9999)}.jpg` } : random.pick(files))

  const draft: Draft = { modelId: model.id, mode }
  if (wanted('prompt')) draft.prompt = prompt(random, spec.prompt?.maxLength ?? 500)
  if (wanted('image')) draft.image = image()
  if (wanted('headtailImages')) {
    draft.first = image()
    draft.last = image()
  }
  const refs = spec.characterImages
  if (refs && has('characterImages')) {
    const min = fields['characterImages'] === 'required' ? Math.max(1, refs.min) : refs.min
    const count = fields['characterImages'] === 'required' || random.chance(0.5) ? random.int(min, refs.max) : 0
    if (count > 0) draft.references = Array.from({ length: count }, image)
  }
  if (spec.durations && random.chance(0.6)) draft.duration = random.pick(spec.durations)
  if (spec.resolutions && random.chance(0.6)) draft.resolution = random.pick(spec.resolutions)
  if (has('seed') && (fields['seed'] === 'required' || random.chance(0.5))) draft.seed = random.int(0, 2 ** 32 - 1)
  if (spec.audio && random.chance(0.7)) draft.audio = random.chance(0.5)
  return draft
}
