/**
 * The tray icon while Reelbox works in the background (Windows, Linux): it says how many videos
 * are being made, brings the window back on a click, and quits from its menu. Shown only while
 * the window is away; macOS keeps the app in the Dock instead.
 */
import { Menu, nativeImage, Tray } from 'electron'
import type { DesktopWords } from './desktop-words'

/**
 * 32×32 PNG: a white play mark on the app's accent (#6a48f5), rounded square; drawn with sharp
 * from '<svg viewBox="0 0 32 32"><rect x="1" y="1" width="30" height="30" rx="8" fill="#6a48f5"/>
 * <path d="M12 9.5v13l11-6.5z" fill="#fff"/></svg>'. Inline, so no asset can go missing.
 */
export const TRAY_ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAAAjVBMVEVMaXFtSP9mM/9oRfNqSPVpSPRqSPRqR/RVVf9pSPRpSPRqR/VpR/RrSfNpSPVqSPRqR/VpSPRnSPJpR/RqR/NqSPRqSPVqSPVqR/VpR/VqSPRpR/RpR/VqSPX////o4/13Wfb+/v/29P5uTPXJvPuwnfqKb/eTe/iXf/hvTvXr5v61pPr5+P/TyPx8XvZUJzcxAAAAHXRSTlMABwUs0/OU/AaR9NX9LdSQ8pMqjiuNvru9vJeW8bXIjpgAAAAJcEhZcwAACxMAAAsTAQCanBgAAAC4SURBVDjLpdNpD4IwDAZghME2RG68V7xv/f8/zwmGiLKWxPfb0icpbK1l9cpIhr5qxQ8jpykPFoHqCPfEuz5WhkxrMVfGJFX/wAx4roFUSDINhhhgGrgYiDX4OB5+RRusdyscAGz2WxwAlEcCANwfBIDb9YwDgMvpP0C1ID6S+E3iosir7n6sGHvuZZ+BiTBQaOBwZGjT11h7ZiCrvRAzU31i16slks4uXNrNduYZ+xpulxVpv8V/ApfVX7kIf6WAAAAAAElFTkSuQmCC'

export interface BackgroundTray {
  show(): void
  /** Follows the number of videos being made (no-op while hidden). */
  update(): void
  hide(): void
}

export function backgroundTray(deps: { words: () => DesktopWords['tray']; activeJobs: () => number; open: () => void; quit: () => void }): BackgroundTray {
  let tray: Tray | undefined
  let shownCount: number | undefined

  function tooltip(): void {
    const count = deps.activeJobs()
    // Downloads update a job many times a second; the tooltip changes only with the count.
    if (count === shownCount) return
    shownCount = count
    tray?.setToolTip(deps.words().tooltip(count))
  }

  function menu(): Menu {
    const w = deps.words()
    return Menu.buildFromTemplate([{ id: 'open', label: w.open, click: deps.open }, { type: 'separator' }, { id: 'quit', label: w.quit, click: deps.quit }])
  }

  return {
    show() {
      if (tray) return
      tray = new Tray(nativeImage.createFromDataURL(TRAY_ICON))
      shownCount = undefined
      tooltip()
      tray.setContextMenu(menu())
      tray.on('click', deps.open)
    },
    update: tooltip,
    hide() {
      tray?.destroy()
      tray = undefined
    },
  }
}
