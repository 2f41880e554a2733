import { useEventListener } from '@vueuse/core'
import { isTyping, pressed } from '@/composables/useShortcuts'

export interface CompareKeyActions {
  toggle(): void
  nudge(seconds: number): void
  step(frames: number): void
  solo(n: number): void
  close(): void
}

/**
 * The compare view's keyboard (shared/shortcuts.ts, area `compare`): Space plays or pauses all,
 * ←/→ a second, `,`/`.` a frame, 1–4 one clip alone, Esc closes. On the window in the capture
 * phase: the screen under the view (the library, Create) must not act on the same keys.
 */
export function useCompareKeys(actions: CompareKeyActions): void {
  function onKeydown(event: KeyboardEvent): void {
    // The scrubber is the view's own control: after a click on it the view's keys still work.
    const scrubber = event.target instanceof HTMLInputElement && event.target.type === 'range'
    const typing = isTyping(event.target) && !scrubber
    const tag = (event.target as HTMLElement | null)?.tagName
    const handled = ((): boolean => {
      if (pressed(event, 'compareClose')) return (actions.close(), true)
      if (typing) return false
      if (pressed(event, 'comparePlay')) {
        // Space on a focused button presses it; the view's own shortcut is for everywhere else.
        if (tag === 'BUTTON' || tag === 'A') return false
        return (actions.toggle(), true)
      }
      if (pressed(event, 'compareSeek')) return (actions.nudge(event.key === 'ArrowLeft' ? -1 : 1), true)
      if (pressed(event, 'compareStep')) return (actions.step(event.key === ',' ? -1 : 1), true)
      if (pressed(event, 'compareSolo')) return (actions.solo(Number(event.key)), true)
      return false
    })()
    if (!handled) return
    event.preventDefault()
    event.stopPropagation()
  }
  useEventListener(window, 'keydown', onKeydown, true)
}
