import { ref } from 'vue'
import { dragKind } from './useImageIntake'

/** The type a reference thumbnail carries while it is dragged to a new place in its row. */
export const REORDER_TYPE = 'application/x-reelbox-reference'

export type DropState = 'idle' | 'over' | 'wrong'

/**
 * A drop target that lights up while files, images or links are dragged over it, and says on the
 * spot when what is dragged is not an image. Reordering drags (REORDER_TYPE) pass through.
 */
export function useDropZone(onDrop: (dt: DataTransfer) => void) {
  const state = ref<DropState>('idle')
  let depth = 0

  const ours = (event: DragEvent): boolean => !!event.dataTransfer && !event.dataTransfer.types.includes(REORDER_TYPE)

  const listeners = {
    dragenter(event: DragEvent): void {
      if (!ours(event)) return
      event.preventDefault()
      depth += 1
      state.value = dragKind(event.dataTransfer) === 'wrong' ? 'wrong' : 'over'
    },
    dragover(event: DragEvent): void {
      if (!ours(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = state.value === 'wrong' ? 'none' : 'copy'
    },
    dragleave(event: DragEvent): void {
      if (!ours(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) state.value = 'idle'
    },
    drop(event: DragEvent): void {
      if (!ours(event)) return
      event.preventDefault()
      event.stopPropagation()
      depth = 0
      state.value = 'idle'
      if (event.dataTransfer) onDrop(event.dataTransfer)
    },
  }

  return { state, listeners }
}
