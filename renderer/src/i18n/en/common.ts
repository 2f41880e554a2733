/** Strings every screen shares: the app, navigation, the engine connection, shared words. */
export default {
  app: {
    sandbox: 'Sandbox',
    sandboxHint: 'Simulated clips from the built-in Sandbox, not a real generation.',
  },
  nav: {
    label: 'Main',
    create: 'Create',
    library: 'Library',
    queue: 'Queue',
    sequence: 'Sequences',
    settings: 'Settings',
    activeJobs: '{n} active job | {n} active jobs',
  },
  engine: {
    open: 'Engine connected',
    connecting: 'Connecting to the engine…',
    closed: 'Engine unreachable, reconnecting…',
    refused: 'Engine restarted with a new address',
  },
  engineAway: {
    title: 'Reelbox’s engine isn’t answering',
    body: 'What you see is from before it stopped: progress is frozen, and what needs the engine waits. This tab reconnects by itself when it is back.',
    refusedTitle: 'Reelbox restarted with a new address',
    refusedBody: 'This tab’s address no longer opens it. Open the address Reelbox printed when it started (it ends in #token=…), or paste it into this tab.',
    generate: 'Paused: Reelbox’s engine isn’t answering. Your settings are kept.',
    unknown: 'Unknown until the engine answers again',
    lastHeard: 'Last heard: {status} — unknown until the engine answers again',
    unknownNow: 'unknown now',
    action: 'Waits for Reelbox’s engine to answer again',
  },
  common: {
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    remove: 'Remove',
    retry: 'Retry',
    loading: 'Loading…',
    copied: 'Copied',
    dismiss: 'Dismiss',
    /** A job's mode, the same words on Create, the Queue and the Library. */
    modes: {
      t2v: 'Text',
      i2v: 'First frame',
      'first-last': 'First & last',
      reference: 'Reference',
    },
    /** Where a job is, the same words on Create and the Queue. */
    phases: {
      queued: 'Waiting',
      submitting: 'Sending',
      pending: 'Accepted',
      running: 'Generating',
      downloading: 'Downloading',
      done: 'Done',
      failed: 'Failed',
      paused: 'Paused',
      stopped: 'Stopped waiting',
      unknown: 'Not sure it was sent',
      cancelled: 'Cancelled',
    },
  },
}
