import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router } from 'vue-router'

/** The app's screens, in the rail's order; each is the route of that name. */
export const screens = ['create', 'library', 'storyboard', 'sequence', 'queue', 'settings'] as const
export type Screen = (typeof screens)[number]

// The records name places, not views: App.vue shows the screen the nav store says at once (a
// router navigation settles some ticks later), so `components` stays empty.
const routes: RouteRecordRaw[] = [
  { path: '/create', name: 'create', components: {} },
  // `?item=<id>`: the item open in the detail.
  { path: '/library', name: 'library', components: {} },
  { path: '/storyboard', name: 'storyboard', components: {} },
  { path: '/sequence', name: 'sequence', components: {} },
  { path: '/queue', name: 'queue', components: {} },
  // `/settings/key`: the part of Settings in view (settings-section.ts).
  { path: '/settings/:section?', name: 'settings', components: {} },
  // A bare address (the first start, web mode's `#token=…` once taken) or an unknown one: Create.
  { path: '/:rest(.*)*', redirect: { name: 'create' } },
]

/**
 * Where the designer is, in the address's fragment (`#/library?item=…`, `#/settings/key`): the
 * page is one file in Electron and in web mode, and a fragment never reaches a server. Reload,
 * Back/Forward and a pasted address find the same place.
 */
export function createAppRouter(): Router {
  return createRouter({ history: createWebHashHistory(), routes })
}
