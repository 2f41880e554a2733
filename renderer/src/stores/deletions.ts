import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { useToastsStore } from './toasts'

export interface HeldDeletion {
  ids: readonly string[]
  title: string
  body: string
  undoLabel: string
  /** Hides the items (on) while the deletion waits, or shows them again (off: Undo, or a failure). */
  hide(ids: readonly string[], on: boolean): void
  /** Deletes one item for good (to the trash); a failure shows it again. */
  remove(id: string): Promise<void>
  failed(error: unknown): void
}

/**
 * A deletion of several videos waits with its Undo until the designer closes its note or does
 * the next destructive thing (issue 22 item 7: an 8-second Undo was missed). Nothing is moved
 * before: the OS trash has no way back for an app, so Undo is the only undo there is, and a quit
 * or crash while it waits deletes nothing. One waits at a time: a new one settles the last.
 */
export const useDeletionsStore = defineStore('deletions', () => {
  const toasts = useToastsStore()
  const waiting = shallowRef<{ toast: number; ids: readonly string[] }>()

  /** The deletion waiting now goes ahead (before another destructive action). */
  function settle(): void {
    if (waiting.value) toasts.dismiss(waiting.value.toast)
  }

  function hold(deletion: HeldDeletion): void {
    settle()
    const { ids } = deletion
    deletion.hide(ids, true)
    let done = false
    const finish = (): void => {
      done = true
      if (waiting.value?.ids === ids) waiting.value = undefined
    }
    const commit = async (): Promise<void> => {
      if (done) return
      finish()
      for (const id of ids) {
        try {
          await deletion.remove(id)
        } catch (error) {
          deletion.hide([id], false)
          deletion.failed(error)
        }
      }
    }
    const undo = (): void => {
      if (done) return
      finish()
      deletion.hide(ids, false)
    }
    // No timeout: it stays until closed, undone or settled by the next deletion.
    const toast = toasts.push({ tone: 'info', title: deletion.title, body: deletion.body, actions: [{ label: deletion.undoLabel, run: undo }], onDismiss: () => void commit() }, 0)
    waiting.value = { toast, ids }
  }

  return { waiting, hold, settle }
})
