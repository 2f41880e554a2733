import type { AppCommandName } from './contract/app'

/**
 * Every keyboard shortcut of Reelbox, stated once (issue 15): the desktop menu registers the
 * accelerators of its commands from this list (electron/main/app-menu.ts) and the page's `?`
 * overlay lists all of them (renderer/src/components/ShortcutsOverlay.vue). Zod-free and
 * data only: each shell does what a key means its own way (the menu sends `app.command`, the page
 * listens), so nothing here knows Electron or Vue.
 *
 * Keys are written in Electron's accelerator syntax ("CmdOrCtrl+N", "Shift+Left"); a shortcut
 * with several keys lists them as alternatives or as a pair (previous, next).
 */
export type ShortcutArea = 'app' | 'create' | 'library' | 'detail' | 'compare' | 'sequence' | 'crop'

export interface Shortcut {
  /** Its name in the designer's words: renderer i18n `shortcuts.<id>`, the menu's own label. */
  readonly id: string
  readonly area: ShortcutArea
  readonly keys: readonly string[]
  /**
   * The desktop menu command it runs. The menu registers the key; in a browser (web mode) a
   * browser's own shortcut (⌘/Ctrl+N, +1 …) cannot be taken, so the page handles only those
   * marked `page`.
   */
  readonly command?: AppCommandName
  /** The page itself listens for it (everywhere for `app`, on its screen otherwise). */
  readonly page?: boolean
}

export const shortcuts = [
  { id: 'newVideo', area: 'app', keys: ['CmdOrCtrl+N'], command: 'new-video' },
  { id: 'create', area: 'app', keys: ['CmdOrCtrl+1'], command: 'create' },
  { id: 'library', area: 'app', keys: ['CmdOrCtrl+2'], command: 'library' },
  { id: 'queue', area: 'app', keys: ['CmdOrCtrl+3'], command: 'queue' },
  { id: 'sequences', area: 'app', keys: ['CmdOrCtrl+4'], command: 'sequence' },
  { id: 'settings', area: 'app', keys: ['CmdOrCtrl+,'], command: 'settings' },
  { id: 'find', area: 'app', keys: ['CmdOrCtrl+F'], command: 'find' },
  // Not registered with the menu: `?` is also a character the designer types.
  { id: 'shortcuts', area: 'app', keys: ['?'], command: 'shortcuts', page: true },
  { id: 'generate', area: 'create', keys: ['CmdOrCtrl+Enter'], page: true },
  { id: 'variations', area: 'create', keys: ['Alt+Up', 'Alt+Down'], page: true },
  // ↑ in an empty prompt box: ↑ elsewhere in a text moves the caret.
  { id: 'promptHistory', area: 'create', keys: ['Up'] },
  { id: 'choose', area: 'create', keys: ['Left', 'Right'] },
  { id: 'removeImage', area: 'create', keys: ['Delete'] },
  { id: 'search', area: 'library', keys: ['/'], page: true },
  { id: 'move', area: 'library', keys: ['Left', 'Right', 'Up', 'Down'] },
  { id: 'ends', area: 'library', keys: ['Home', 'End'] },
  { id: 'open', area: 'library', keys: ['Enter'] },
  { id: 'select', area: 'library', keys: ['X'], page: true },
  { id: 'previousNext', area: 'detail', keys: ['Left', 'Right'] },
  { id: 'play', area: 'detail', keys: ['Space'] },
  { id: 'scrub', area: 'detail', keys: ['Shift+Left', 'Shift+Right'] },
  { id: 'step', area: 'detail', keys: [',', '.'] },
  // Issue 16: from the last frame, or from the playhead when the video is paused before its end.
  { id: 'continue', area: 'detail', keys: ['C'], page: true },
  { id: 'close', area: 'detail', keys: ['Escape'] },
  { id: 'comparePlay', area: 'compare', keys: ['Space'], page: true },
  { id: 'compareSeek', area: 'compare', keys: ['Left', 'Right'], page: true },
  { id: 'compareStep', area: 'compare', keys: [',', '.'], page: true },
  { id: 'compareSolo', area: 'compare', keys: ['1', '2', '3', '4'], page: true },
  { id: 'compareClose', area: 'compare', keys: ['Escape'], page: true },
  { id: 'clipMove', area: 'sequence', keys: ['Alt+Left', 'Alt+Right'], page: true },
  { id: 'clipRemove', area: 'sequence', keys: ['Delete'], page: true },
  { id: 'cropMove', area: 'crop', keys: ['Left', 'Right', 'Up', 'Down'] },
  { id: 'cropResize', area: 'crop', keys: ['Shift+Left', 'Shift+Right', 'Shift+Up', 'Shift+Down'] },
  { id: 'cropApply', area: 'crop', keys: ['Enter'] },
  { id: 'cropCancel', area: 'crop', keys: ['Escape'] },
] as const satisfies readonly Shortcut[]

export type ShortcutId = (typeof shortcuts)[number]['id']

export const shortcutAreas: readonly ShortcutArea[] = ['app', 'create', 'library', 'detail', 'compare', 'sequence', 'crop']

export function shortcut(id: ShortcutId): Shortcut {
  return shortcuts.find((s) => s.id === id)!
}

/** The accelerator of each desktop menu command whose key the menu registers. */
export function menuAccelerators(): Partial<Record<AppCommandName, string>> {
  const out: Partial<Record<AppCommandName, string>> = {}
  for (const s of shortcuts as readonly Shortcut[]) if (s.command && !s.page) out[s.command] = s.keys[0]
  return out
}

/**
 * Does a key event match one accelerator ("CmdOrCtrl+Enter", "Alt+Up", "?")? `mac` decides what
 * CmdOrCtrl means. A printable key matches by the character it types, whatever Shift it took.
 */
export function matches(event: { key: string; metaKey: boolean; ctrlKey: boolean; altKey: boolean; shiftKey: boolean }, accelerator: string, mac: boolean): boolean {
  const parts = accelerator.split('+')
  // "CmdOrCtrl++" would split oddly; none of ours ends in a plus.
  const key = parts.pop()!
  const mods = new Set(parts)
  const cmd = mods.has('CmdOrCtrl') ? (mac ? 'meta' : 'ctrl') : undefined
  const wants = { meta: cmd === 'meta', ctrl: cmd === 'ctrl', alt: mods.has('Alt'), shift: mods.has('Shift') }
  const names: Record<string, string> = { Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight', Space: ' ', Escape: 'Escape', Enter: 'Enter', Delete: 'Delete' }
  const printable = key.length === 1
  if (event.metaKey !== wants.meta || event.ctrlKey !== wants.ctrl || event.altKey !== wants.alt) return false
  if (!printable && event.shiftKey !== wants.shift) return false
  return printable ? event.key.toLowerCase() === key.toLowerCase() : event.key === (names[key] ?? key)
}
