/**
 * What the desktop shell itself says (menus, the close question, the tray, the notices about
 * work left for later), in the designer's language (`localeOf`: the setting, else the system's).
 * The words are the shared catalogue's (shared/locales); this file only fills in the counts.
 */
import { locales, sayer, sharedMessages, type Locale, type SharedMessages } from '../../shared/locales'

export interface DesktopWords {
  menu: SharedMessages['desktop']['menu']
  /** The question when the last window closes with videos still being made (Windows, Linux). */
  close: { title: string; message(count: number): string; detail(count: number): string; background: string; quit: string; remember: string }
  /** Told once when the app goes on working from the tray. */
  background: { title: string; body: string }
  /** Told when quitting leaves videos for next time. */
  later: { title: string; body(count: number): string }
  tray: { tooltip(count: number): string; open: string; quit: string }
}

function wordsIn(locale: Locale): DesktopWords {
  const say = sayer(locale)
  const { menu, close, background, later, tray } = sharedMessages[locale].desktop
  return {
    menu,
    close: { ...close, message: (count) => say('desktop.close.message', { count }), detail: (count) => say('desktop.close.detail', { count }) },
    background,
    later: { title: later.title, body: (count) => say('desktop.later.body', { count }) },
    tray: { tooltip: (count) => (count === 0 ? tray.idle : say('desktop.tray.tooltip', { count })), open: tray.open, quit: tray.quit },
  }
}

export const desktopWords = Object.fromEntries(locales.map((locale) => [locale, wordsIn(locale)])) as Record<Locale, DesktopWords>
