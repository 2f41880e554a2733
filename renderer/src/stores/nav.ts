import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'

export const screens = ['create', 'library', 'storyboard', 'sequence', 'queue', 'settings'] as const
export type Screen = (typeof screens)[number]
/** What a screen focuses when asked to (the menu's New Video and Find). */
export type FocusTarget = 'prompt' | 'search'

function screenFromHash(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0]
  return (screens as readonly string[]).includes(name ?? '') ? (name as Screen) : 'create'
}

/**
 * Which screen is showing; kept in the URL hash so reload and back/forward keep the place. Also
 * whether the keyboard shortcuts (`?`, Help → Keyboard Shortcuts) are showing over it.
 */
export const useNavStore = defineStore('nav', () => {
  const screen = ref<Screen>(screenFromHash(window.location.hash))
  const shortcutsOpen = ref(false)
  /** A focus the next screen owes the designer; a new object per request, taken once. */
  const focusRequest = shallowRef<{ target: FocusTarget }>()

  function go(next: Screen, focus?: FocusTarget): void {
    screen.value = next
    if (window.location.hash !== `#/${next}`) window.history.pushState(null, '', `#/${next}`)
    if (focus) focusRequest.value = { target: focus }
  }

  /** True once for a pending request for `target` (the screen then focuses it). */
  function takeFocus(target: FocusTarget): boolean {
    if (focusRequest.value?.target !== target) return false
    focusRequest.value = undefined
    return true
  }

  function start(): () => void {
    const onPop = (): void => void (screen.value = screenFromHash(window.location.hash))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }

  return { screen, focusRequest, shortcutsOpen, go, takeFocus, start }
})
