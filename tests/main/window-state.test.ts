import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { placeWindow, readWindowState, WINDOW_STATE_FILE, writeWindowState, type DisplayArea } from '../../electron/main/window-state'
import { useTempDir } from '../support/temp'

const laptop: DisplayArea = { workArea: { x: 0, y: 25, width: 1440, height: 875 } }
/** A monitor to the right of the laptop. */
const monitor: DisplayArea = { workArea: { x: 1440, y: 0, width: 2560, height: 1415 } }

describe('where the window opens', () => {
  it('the first time: the default size, centred by the OS', () => {
    expect(placeWindow(undefined, [laptop])).toEqual({ maximized: false })
  })

  it('where it was, on whichever display it was on', () => {
    const onMonitor = { bounds: { x: 2000, y: 100, width: 1500, height: 900 }, maximized: false }
    expect(placeWindow(onMonitor, [laptop, monitor])).toEqual(onMonitor)
    expect(placeWindow({ ...onMonitor, maximized: true }, [laptop, monitor]).maximized).toBe(true)
  })

  it('on the primary display, centred, when its monitor has been unplugged', () => {
    const onMonitor = { bounds: { x: 2000, y: 100, width: 1200, height: 800 }, maximized: true }
    expect(placeWindow(onMonitor, [laptop])).toEqual({ bounds: { x: 120, y: 63, width: 1200, height: 800 }, maximized: true })
  })

  it('never with its title bar out of reach: mostly off the left edge, or above the top', () => {
    const offLeft = { bounds: { x: -1300, y: 100, width: 1360, height: 860 }, maximized: false }
    expect(placeWindow(offLeft, [laptop]).bounds).toEqual({ x: 40, y: 33, width: 1360, height: 860 })
    const aboveTop = { bounds: { x: 100, y: -500, width: 1000, height: 700 }, maximized: false }
    expect(placeWindow(aboveTop, [laptop]).bounds).toEqual({ x: 220, y: 113, width: 1000, height: 700 })
  })

  it('moved in and shrunk to fit a display smaller than it was', () => {
    const hangingOff = { bounds: { x: 900, y: 300, width: 1360, height: 860 }, maximized: false }
    expect(placeWindow(hangingOff, [laptop]).bounds).toEqual({ x: 80, y: 40, width: 1360, height: 860 })
    const huge = { bounds: { x: 0, y: 25, width: 2560, height: 1400 }, maximized: false }
    expect(placeWindow(huge, [laptop]).bounds).toEqual({ x: 0, y: 25, width: 1440, height: 875 })
  })
})

describe('the remembered state on disk', () => {
  it('comes back as written, and a missing or damaged file means "no state", never a crash', async () => {
    const dir = await useTempDir()
    expect(await readWindowState(dir)).toBeUndefined()
    const state = { bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: true }
    await writeWindowState(dir, state)
    expect(await readWindowState(dir)).toEqual(state)
    expect(JSON.parse(await readFile(path.join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual(state)
    for (const damaged of ['{"bounds":', '{"bounds":{"x":"left"},"maximized":false}', '[]']) {
      await writeFile(path.join(dir, WINDOW_STATE_FILE), damaged)
      expect(await readWindowState(dir), damaged).toBeUndefined()
    }
    await mkdir(path.join(dir, 'nested'))
    expect(await readWindowState(path.join(dir, 'nested'))).toBeUndefined()
  })
})
