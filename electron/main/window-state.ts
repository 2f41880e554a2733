/**
 * The window comes back where the designer left it: size, position, maximized. Where it goes
 * is decided against the displays connected now (`placeWindow`, pure), so a window last seen on
 * a monitor that has since been unplugged opens on one that is there, never off-screen.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../core/files/atomic'

const Rect = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() })
export type Rect = z.infer<typeof Rect>

export const WindowState = z.object({
  /** The normal (not maximized, not full-screen) bounds. */
  bounds: Rect,
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof WindowState>

/** The part of Electron's `Display` used here. */
export interface DisplayArea {
  readonly workArea: Rect
}

export interface Placement {
  /** Undefined: the default size, centred by the OS. */
  readonly bounds?: Rect
  readonly maximized: boolean
}

/** How much of the window's top edge must be on a display for the designer to grab it. */
const GRAB = { width: 120, height: 32 }

function overlap(a: Rect, b: Rect): Rect | undefined {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  const width = Math.min(a.x + a.width, b.x + b.width) - x
  const height = Math.min(a.y + a.height, b.y + b.height) - y
  return width > 0 && height > 0 ? { x, y, width, height } : undefined
}

function grabbable(bounds: Rect, area: Rect): boolean {
  const titleBar = overlap({ ...bounds, height: Math.min(bounds.height, GRAB.height) }, area)
  return titleBar !== undefined && titleBar.width >= Math.min(GRAB.width, bounds.width)
}

/** The saved size, no larger than `area`, centred in it. */
function centred(size: Rect, area: Rect): Rect {
  const width = Math.min(size.width, area.width)
  const height = Math.min(size.height, area.height)
  return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height }
}

/**
 * Where to open the window: where it was, when its title bar can still be grabbed on a display
 * (shrunk to fit that display); else its size centred on the primary display (`displays[0]`).
 */
export function placeWindow(saved: WindowState | undefined, displays: readonly DisplayArea[]): Placement {
  const primary = displays[0]
  if (!saved || !primary) return { maximized: false }
  const { bounds, maximized } = saved
  const home = displays.find((display) => grabbable(bounds, display.workArea))
  if (!home) return { bounds: centred(bounds, primary.workArea), maximized }
  const area = home.workArea
  const width = Math.min(bounds.width, area.width)
  const height = Math.min(bounds.height, area.height)
  // Shrunk to the display, then moved in just enough to fit it.
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width)
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height)
  return { bounds: { x, y, width, height }, maximized }
}

export const WINDOW_STATE_FILE = 'window-state.json'

/** The last saved state in `<userData>/window-state.json`; undefined when missing or unreadable. */
export async function readWindowState(dataDir: string): Promise<WindowState | undefined> {
  try {
    const parsed = WindowState.safeParse(JSON.parse(await readFile(path.join(dataDir, WINDOW_STATE_FILE), 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function writeWindowState(dataDir: string, state: WindowState): Promise<void> {
  return writeFileAtomic(path.join(dataDir, WINDOW_STATE_FILE), `${JSON.stringify(state)}\n`)
}
