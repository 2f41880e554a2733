/**
 * Saves the state file with as few writes as the guarantees allow:
 *   - `now()`: group commit. Resolves once a write that STARTED after the call has finished. While
 *     one write is under way, every caller joins the single next one, so 1,000 concurrent submits
 *     cost a handful of fsyncs, not 1,000, and none is answered before it is on disk.
 *   - `soon()`: for changes nobody waits on (a render finished, a fault): one write after
 *     `debounceMs`, carrying every change made meanwhile.
 * `save` must take its snapshot synchronously, before its first await: that moment is the cut.
 */
export class StateWriter {
  writes = 0
  private inFlight: Promise<void> | undefined
  private queued: Promise<void> | undefined
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly save: () => Promise<void>,
    private readonly debounceMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  now(): Promise<void> {
    this.cancelTimer()
    if (this.queued) return this.queued
    const previous = this.inFlight ?? Promise.resolve()
    const next: Promise<void> = previous
      .catch(() => undefined)
      // One turn of the event loop, so callers of the same moment share this write.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on a new change needs a new write: this one's snapshot is taken now.
        if (this.queued === next) this.queued = undefined
        this.inFlight = next
        return this.save()
      })
      .then(() => {
        this.writes += 1
      })
      .finally(() => {
        if (this.inFlight === next) this.inFlight = undefined
      })
    this.queued = next
    return next
  }

  soon(): void {
    // A write not yet started will snapshot this change; a pending timer will too.
    if (this.queued || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.now().catch(this.onError)
    }, this.debounceMs)
    this.timer.unref?.()
  }

  /** Writes what is still unsaved and waits for writes under way (on close). */
  async flush(): Promise<void> {
    if (this.timer) await this.now()
    await this.queued
    await this.inFlight
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }
}
