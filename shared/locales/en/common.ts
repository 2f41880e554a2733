/** Facts the page, the desktop shell and the CLI all say: written here once. */
export default {
  formats: {
    /** The image formats Reelbox takes (core/images/inspect.ts decides them). */
    images: 'PNG, JPEG, WebP or GIF',
  },
  /** A job that finished or failed, as a notification or a toast says it. */
  notices: {
    finished: 'Video ready',
    failed: 'A video failed',
    reveal: 'Show in folder',
    open: 'Open',
    untitled: 'Untitled video',
    /** What failed, and why. */
    failedBody: '{what} — {why}',
  },
}
