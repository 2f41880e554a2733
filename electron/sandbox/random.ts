import { createHash } from 'node:crypto'

/** Small seeded PRNG: the same seed gives the same scene, and the same fault run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A 32-bit seed from text (a prompt), for requests that send no seed. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0)
}
