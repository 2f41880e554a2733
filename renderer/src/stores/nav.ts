import { defineStore } from 'pinia'
import { ref } from 'vue'

export const screens = ['create', 'library', 'queue', 'settings'] as const
export type Screen = (typeof screens)[number]

function screenFromHash(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0]
  return (screens as readonly string[]).includes(name ?? '') ? (name as Screen) : 'create'
}

/** Which screen is showing; kept in the URL hash so reload and back/forward keep the place. */
export const useNavStore = defineStore('nav', () => {
  const screen = ref<Screen>(screenFromHash(window.location.hash))

  function go(next: Screen): void {
    screen.value = next
    if (window.location.hash !== `#/${next}`) window.history.pushState(null, '', `#/${next}`)
  }

  function start(): () => void {
    const onPop = (): void => void (screen.value = screenFromHash(window.location.hash))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }

  return { screen, go, start }
})
