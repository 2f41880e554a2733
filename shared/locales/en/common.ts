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
  /**
   * What was wrong inside a refused service pack (shared/pack.ts `PackCheck`). A schema's own
   * checks read in English as the schema library words them (`detail`).
   */
  packChecks: {
    notObject: 'a pack is one JSON object',
    noAddress: 'the pack names no service address to connect to',
    version: 'this pack uses version {found}; this Reelbox reads version {reads}',
    notOneOf: '"{key}" is not one of {names}',
    unknownName: '"{key}" is not a name Reelbox knows here',
    wrongType: '{detail}',
    tooSmall: '{detail}',
    tooBig: '{detail}',
    notAllowed: '{detail}',
    badFormat: '{detail}',
    noForm: '{detail}',
    said: '{detail}',
  },
  /** Web mode's download of several videos at once (electron/web/download-route.ts). */
  downloads: { zipName: 'Reelbox {count} video.zip | Reelbox {count} videos.zip' },
}
