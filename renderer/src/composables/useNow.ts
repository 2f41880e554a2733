import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | undefined

/** The current time, ticking once a second while any component shows an elapsed time. */
export function useNow(): Ref<number> {
  onMounted(() => {
    now.value = Date.now()
    if (users++ === 0) timer = setInterval(() => (now.value = Date.now()), 1000)
  })
  onBeforeUnmount(() => {
    if (--users === 0) clearInterval(timer)
  })
  return now
}
