import { defineStore } from 'pinia'
import { ref } from 'vue'

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

  return { toasts, push, dismiss }
})
