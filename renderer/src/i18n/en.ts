/** English, the source of every user-facing string. zh-CN must have exactly the same keys. */
const en = {
  app: {
    name: 'Reelbox',
  },
  nav: {
    label: 'Main',
    create: 'Create',
    library: 'Library',
    queue: 'Queue',
    settings: 'Settings',
  },
  engine: {
    open: 'Engine connected',
    connecting: 'Connecting to the engine…',
    closed: 'Engine unreachable, reconnecting…',
  },
  create: {
    title: 'Create',
    emptyTitle: 'Make your first video',
    emptyBody: 'Pick a model, write a prompt, drop in a first frame or reference images, and generate. New jobs appear here as cards that turn into playable results.',
  },
  library: {
    title: 'Library',
    emptyTitle: 'Your library is empty',
    emptyBody: 'Every finished video lands here, downloaded to a folder on your computer, with its prompt, model and inputs. It works offline.',
  },
  queue: {
    title: 'Queue',
    emptyTitle: 'Nothing in the queue',
    emptyBody: 'Jobs you submit wait, run and download here. They keep going when you close the window and resume after a restart.',
  },
  settings: {
    title: 'Settings',
    about: 'About',
    version: 'Version',
    shell: 'Running as',
    shellElectron: 'Desktop app',
    shellWeb: 'Web mode',
    shellCli: 'Command line',
    platform: 'Platform',
    runtime: 'Runtime',
    uptime: 'Engine uptime',
    uptimeValue: '{h}h {m}m {s}s',
    dataFolder: 'App data',
    libraryFolder: 'Library folder',
    activity: 'Engine activity',
    activityHint: 'Live lines from the engine. Keys and authorization headers never appear here.',
    activityEmpty: 'No activity yet.',
    loading: 'Loading…',
    loadFailed: 'Could not reach the engine: {message}',
  },
}

export default en
export type Messages = typeof en
