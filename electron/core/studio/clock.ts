/**
 * A hybrid logical clock: wall-clock milliseconds, and a count that orders what one machine did
 * within one millisecond or while its clock was behind a stamp it had read. Every stamp it gives
 * is later than every stamp it gave or saw, so a machine whose clock runs slow still writes after
 * what it has seen, and stamps stay close to real time for people reading a history.
 */
export type Stamp = readonly [wall: number, count: number]

export class HybridClock {
  private last: Stamp = [0, 0]

  constructor(private readonly now: () => number) {}

  /** A stamp later than any this clock gave or observed. */
  next(): Stamp {
    const wall = Math.trunc(this.now())
    this.last = wall > this.last[0] ? [wall, 0] : [this.last[0], this.last[1] + 1]
    return this.last
  }

  /** Takes in a stamp read from another machine (or another process of this one). */
  observe(stamp: Stamp): void {
    if (compareStamps(stamp, this.last) > 0) this.last = stamp
  }
}

export const compareStamps = (a: Stamp, b: Stamp): number => a[0] - b[0] || a[1] - b[1]
