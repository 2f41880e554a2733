import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type { RouteLocation, RouteLocationRaw } from 'vue-router'
import { createAppRouter, screens, type Screen } from '@/router'

export { screens, type Screen }
/** What a screen focuses when asked to (the menu's New Video and Find). */
export type FocusTarget = 'prompt' | 'search'

/**
 * Which screen is showing, kept in the URL by the app's router (one per app: main.ts installs
 * it) so reload and Back/Forward keep the place. Also whether the keyboard shortcuts (`?`,
 * Help → Keyboard Shortcuts) are showing over it.
 */
export const useNavStore = defineStore('nav', () => {
  const router = markRaw(createAppRouter())
  /**
   * Where the designer is. Set as soon as something asks to go somewhere, so the screen changes
   * in the same tick; the router writes the URL when its navigation settles, and Back/Forward
   * (or a redirect) come back through `afterEach`.
   */
  const route = shallowRef<RouteLocation>(router.resolve(router.options.history.location))
  const screen = computed<Screen>(() => ((screens as readonly unknown[]).includes(route.value.name) ? (route.value.name as Screen) : 'create'))
  const shortcutsOpen = ref(false)
  /** A focus the next screen owes the designer; a new object per request, taken once. */
  const focusRequest = shallowRef<{ target: FocusTarget }>()

  router.afterEach((to, _from, failure) => {
    if (!failure) route.value = to
  })

  /** A new place: `push` adds a step Back returns from; `replace` moves within this one. */
  function navigate(to: RouteLocationRaw, how: 'push' | 'replace' = 'push'): void {
    const next = router.resolve(to)
    if (next.fullPath === route.value.fullPath) return
    route.value = next
    void router[how](next.fullPath)
  }

  function go(next: Screen, focus?: FocusTarget): void {
    navigate({ name: next })
    if (focus) focusRequest.value = { target: focus }
  }

  /** True once for a pending request for `target` (the screen then focuses it). */
  function takeFocus(target: FocusTarget): boolean {
    if (focusRequest.value?.target !== target) return false
    focusRequest.value = undefined
    return true
  }

  return { router, route, screen, focusRequest, shortcutsOpen, navigate, go, takeFocus }
})
