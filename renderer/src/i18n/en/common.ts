/** Strings every screen shares: the app, navigation, the engine connection, shared words. */
export default {
  app: {
    name: 'Reelbox',
    sandbox: 'Sandbox',
    sandboxHint: 'Simulated clips from the built-in Sandbox, not a real generation.',
  },
  nav: {
    label: 'Main',
    create: 'Create',
    library: 'Library',
    queue: 'Queue',
    settings: 'Settings',
    activeJobs: '{n} active job | {n} active jobs',
  },
  engine: {
    open: 'Engine connected',
    connecting: 'Connecting to the engine…',
    closed: 'Engine unreachable, reconnecting…',
  },
  common: {
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    remove: 'Remove',
    retry: 'Retry',
    loading: 'Loading…',
    copy: 'Copy',
    copied: 'Copied',
    dismiss: 'Dismiss',
  },
}
