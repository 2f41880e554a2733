/** The windows open now, in the order they were opened (what `quit()` closes, one by one). */
export interface OpenWindow {
  /** Asks the window to close for a quit: false when its `close` was prevented. */
  closeForQuit(): boolean
}

export const openWindows = new Set<OpenWindow>()
