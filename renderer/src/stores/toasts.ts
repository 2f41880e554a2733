import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'

export interface ToastAction {
  label: string
  run: () => void
}

export interface Toast {
  id: number
  tone: 'success' | 'danger' | 'info'
  title: string
  body?: string
  actions?: ToastAction[]
  /** Runs when the toast leaves without one of its actions (timed out, closed): e.g. a delete that Undo could still stop. */
  onDismiss?: () => void
}

/** In-page notifications (web mode's stand-in for native ones); each leaves after a while. */
export const useToastsStore = defineStore('toasts', () => {
  const toasts = ref<Toast[]>([])
  /**
   * Where toasts show while a dialog covers the screen (the library detail's player, top): a
   * place without actions, so a toast never covers the buttons it may be about. Else bottom right.
   */
  const dock = shallowRef<HTMLElement>()
  /** At the top of the window instead of bottom right (the compare view, whose buttons are at the bottom). */
  const top = ref(false)
  let nextId = 1

  function dismiss(id: number, acted = false): void {
    const toast = toasts.value.find((each) => each.id === id)
    toasts.value = toasts.value.filter((each) => each.id !== id)
    if (toast && !acted) toast.onDismiss?.()
  }

  function push(toast: Omit<Toast, 'id'>, timeoutMs = 6000): number {
    const id = nextId++
    // The oldest makes room: it leaves as if timed out.
    for (const old of toasts.value.slice(0, -3)) dismiss(old.id)
    toasts.value = [...toasts.value, { ...toast, id }]
    // A plain timer: VueUse's would end with the scope of whoever pushed (a component that goes).
    if (timeoutMs > 0) setTimeout(() => dismiss(id), timeoutMs)
    return id
  }

  return { toasts, dock, top, push, dismiss }
})
