/** A counting semaphore whose limit may change while it is in use (settings can change it). */
export function createSemaphore(limit: () => number) {
  let inUse = 0
  const waiters: Array<() => void> = []
  const wake = (): void => {
    while (waiters.length > 0 && inUse < Math.max(1, limit())) {
      inUse++
      waiters.shift()!()
    }
  }
  return {
    async acquire(): Promise<() => void> {
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        wake()
      })
      let released = false
      return () => {
        if (released) return
        released = true
        inUse--
        wake()
      }
    },
  }
}
