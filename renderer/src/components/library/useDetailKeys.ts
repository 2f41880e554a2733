import type { Ref } from 'vue'

interface PlayerControls {
  toggle(): void
  seek(seconds: number): void
  step(frames: number): void
}

/** Fields where keys type text or move a control: the detail's shortcuts stay out of their way. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, video[controls], [tabindex]:not([tabindex="-1"])'

/**
 * The detail view's keyboard: Esc closes; ←/→ previous and next item in the grid's order;
 * Space plays or pauses; Shift+←/→ scrub a second; , and . step a frame; Tab stays inside.
 */
export function useDetailKeys(options: { root: Ref<HTMLElement | undefined>; close(): void; move(step: number): void; player(): PlayerControls | undefined }) {
  return function onKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented && event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const typing = isTyping(event.target)
    const player = options.player()
    switch (event.key) {
      case 'Escape':
        event.preventDefault()
        options.close()
        return
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (typing || event.altKey || event.metaKey || event.ctrlKey) return
        event.preventDefault()
        const step = event.key === 'ArrowLeft' ? -1 : 1
        if (event.shiftKey) player?.seek(step)
        else options.move(step)
        return
      }
      case ' ': {
        const tag = (event.target as HTMLElement | null)?.tagName
        if (typing || tag === 'BUTTON' || tag === 'A') return
        event.preventDefault()
        player?.toggle()
        return
      }
      case ',':
      case '.':
        if (typing) return
        event.preventDefault()
        player?.step(event.key === ',' ? -1 : 1)
        return
      case 'Tab': {
        const root = options.root.value
        if (!root) return
        const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement)
        const first = items[0]
        const last = items[items.length - 1]
        if (!first || !last) return
        if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }
    }
  }
}
