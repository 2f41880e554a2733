import { useI18n } from 'vue-i18n'
import { matches, shortcut, type Shortcut, type ShortcutId } from '@shared/shortcuts'

export { shortcut }

/** ⌘ and ⌥ on a Mac, Ctrl and Alt elsewhere. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

const symbols: Record<string, string> = { Enter: '↵', Up: '↑', Down: '↓', Left: '←', Right: '→', Escape: 'Esc', Delete: isMac ? '⌫' : 'Del' }
const modifiers: Record<string, string> = isMac ? { CmdOrCtrl: '⌘', Alt: '⌥', Shift: '⇧' } : { CmdOrCtrl: 'Ctrl', Alt: 'Alt', Shift: 'Shift' }

/** One accelerator as the keys a designer presses, each a key cap: ["Ctrl", "↵"], ["⌘", "↵"]. */
export function capsOf(accelerator: string, space = 'Space'): string[] {
  const parts = accelerator.split('+')
  const key = parts.pop()!
  return [...parts.map((m) => modifiers[m] ?? m), key === 'Space' ? space : (symbols[key] ?? key)]
}

/** A shortcut's first key as one short label ("Ctrl ↵", "⌘↵"), for a hint beside a button. */
export function keysOf(s: Shortcut): string {
  return capsOf(s.keys[0]!).join(isMac ? '' : ' ')
}

/** Is this key event the shortcut (any of its keys)? */
export function pressed(event: KeyboardEvent, id: ShortcutId): boolean {
  if (event.isComposing) return false
  return shortcut(id).keys.some((key) => matches(event, key, isMac))
}

/** Text fields take typed characters: a shortcut of one character stays out of their way. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

/** The words for keys that have no symbol, in the designer's language. */
export function useKeyCaps() {
  const { t } = useI18n()
  return (accelerator: string): string[] => capsOf(accelerator, t('shortcuts.keys.space'))
}
