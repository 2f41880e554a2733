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
}

/** In-page notifications (web mode's stand-in for native ones); each leaves after a while. */
export const useToastsStore = defineStore('toasts', () => {
  const toasts = ref<Toast[]>([])
  /**
   * Where toasts show while a dialog covers the screen (the library detail's player, top): a
   * place without actions, so a toast never covers the buttons it may be about. Else bottom right.
   */
  const dock = shallowRef<HTMLElement>()
  let nextId = 1

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  function push(toast: Omit<Toast, 'id'>, timeoutMs = 6000): number {
    const id = nextId++
    toasts.value = [...toasts.value.slice(-3), { ...toast, id }]
    if (timeoutMs > 0) setTimeout(() => dismiss(id), timeoutMs)
    return id
  }

  return { toasts, dock, push, dismiss }
})
