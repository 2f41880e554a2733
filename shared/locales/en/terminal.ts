/** What the commands run in a terminal (`reelbox`, web mode) print of their own. */
export default {
  web: {
    running: 'Reelbox is running in web mode.',
    open: 'Open {url}',
    badPort: 'reelbox web: --port must be a number from 0 to 65535, got “{value}”.',
  },
  /** Counted nouns inside the CLI's sentences. */
  count: {
    object: '{count} object | {count} objects',
    list: '{count} list | {count} lists',
    number: '{count} number | {count} numbers',
    text: '{count} text | {count} texts',
    value: '{count} value | {count} values',
    referenceImage: '{count} reference image | {count} reference images',
  },
}
