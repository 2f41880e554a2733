/** What the desktop shell says itself: menus, the close question, the tray, work left for later. */
export default {
  menu: {
    file: 'File',
    newVideo: 'New Video',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    find: 'Find in Library',
    view: 'View',
    create: 'Create',
    library: 'Library',
    sequences: 'Sequences',
    queue: 'Queue',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    window: 'Window',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    about: 'About Reelbox',
    settings: 'Settings…',
    services: 'Services',
    hide: 'Hide Reelbox',
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    quit: 'Quit Reelbox',
    help: 'Help',
    shortcuts: 'Keyboard Shortcuts',
  },
  /** The question when the last window closes with videos still being made (Windows, Linux). */
  close: {
    title: 'Reelbox',
    message: 'A video is still being made. | {count} videos are still being made.',
    detail:
      'Keep Reelbox working in the background to finish it, or quit: it will pick up where it left off the next time you open Reelbox. | Keep Reelbox working in the background to finish them, or quit: they will pick up where they left off the next time you open Reelbox.',
    background: 'Keep Working in Background',
    quit: 'Quit',
    remember: 'Remember my choice (Settings → Jobs)',
  },
  /** Told once when the app goes on working from the tray. */
  background: { title: 'Reelbox is still working', body: 'Your videos keep being made. Click the Reelbox icon in the tray to come back.' },
  /** Told when quitting leaves videos for next time. */
  later: {
    title: 'Reelbox will finish later',
    body: 'The video being made picks up where it left off the next time you open Reelbox. | {count} videos being made pick up where they left off the next time you open Reelbox.',
  },
  tray: { idle: 'Reelbox', tooltip: 'Reelbox — making {count} video | Reelbox — making {count} videos', open: 'Open Reelbox', quit: 'Quit Reelbox' },
  /**
   * The encrypted key file (electron/main/secrets/safe-storage-store.ts): why it cannot be used, and
   * how it is encrypted. The secret chain joins these into the English detail of where a key is kept.
   */
  /** What the shell answers a call it cannot carry out (the page words these errors by their code). */
  refused: {
    /** A frame outside the app's own pages called the engine (main/sender.ts). */
    notTrusted: 'This page may not call Reelbox.',
    /** A drag asked for before the window is there. */
    noWindow: 'The window is not open yet.',
  },
}
