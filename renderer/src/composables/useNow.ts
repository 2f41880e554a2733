import { onActivated, onBeforeUnmount, onDeactivated, onMounted, ref, watch, type Ref } from 'vue'
import { useIntervalFn } from '@vueuse/core'

// One clock for every running clock on screen (VueUse's useNow would tick once per component),
// made outside any component so that it outlives each of them.
const now = ref(Date.now())
const tick = useIntervalFn(() => (now.value = Date.now()), 1000, { immediate: false })
let users = 0

function join(): void {
  now.value = Date.now()
  if (users++ === 0) tick.resume()
}

function leave(): void {
  if (--users === 0) tick.pause()
}

/**
 * The current time, ticking once a second while a component shows a running clock: only while
 * it is on screen (mounted, and not parked by <KeepAlive>) and `wanted()` holds (a job that is
 * still active), so nothing re-renders every second for a clock that has stopped or is hidden.
 */
export function useNow(wanted: () => boolean = () => true): Readonly<Ref<number>> {
  let shown = false
  let ticking = false
  function sync(): void {
    const want = shown && wanted()
    if (want === ticking) return
    ticking = want
    if (want) join()
    else leave()
  }
  const show = (on: boolean) => () => {
    shown = on
    sync()
  }
  onMounted(show(true))
  onActivated(show(true))
  onDeactivated(show(false))
  onBeforeUnmount(show(false))
  watch(wanted, sync)
  return now
}
