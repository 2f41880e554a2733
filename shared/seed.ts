/**
 * The seeds a video can be asked for: whole numbers from 0 to 2³²−1, the widest any service's
 * seed field takes (an unsigned 32-bit number). The Create form, a storyboard's shots and the
 * engine's checks all hold a seed to this.
 */
export const SEED_MAX = 2 ** 32 - 1

export function isSeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= SEED_MAX
}
