/**
 * The words a problem (shared/rules/problems.ts) is said in, shared by the page's sentences
 * (renderer/src/i18n/<lang>/problems.ts) and the CLI's (cli-problems.ts): what a file turned out to
 * be, why it could not be read, what a model takes no value for, how a clip differs, the units.
 * Each sentence is its reader's (the page's and the terminal's voices differ); these are said once.
 */
export default {
  /** What a file that is not an image turned out to be (`file.notImage`'s `kind`). */
  kinds: {
    unknown: 'a file of a kind Reelbox does not know',
    pdf: 'a PDF document',
    zip: 'a ZIP archive (or an Office document)',
    heic: 'a HEIC photo (export it as JPEG or PNG)',
    avif: 'an AVIF image (export it as JPEG or PNG)',
    video: 'a video file',
    audio: 'an audio file',
    tiff: 'a TIFF image (export it as PNG or JPEG)',
    bmp: 'a BMP image (export it as PNG or JPEG)',
    psd: 'a Photoshop document (export it as PNG or JPEG)',
    svg: 'an SVG drawing (export it as PNG)',
    html: 'a web page (HTML)',
    text: 'a text file',
  },
  /** Why a file could not be read, when the system's reason has words of ours. */
  unreadable: { permission: 'permission denied', folder: 'it is a folder' },
  /** Which folder cannot be written (`folder.notWritable`'s `kind`). */
  folders: { library: 'library', data: 'data' },
  /** What a model and mode may take no value for ("takes no …"). */
  fields: { prompt: 'prompt', image: 'image', first: 'first frame', last: 'last frame', references: 'reference images', duration: 'duration', resolution: 'resolution' },
  /** How one clip looks in the respect in which clips differ ("is 1280×720", "has no sound"). */
  clip: {
    size: 'is {value}',
    codec: 'is encoded as {value}',
    rotation: 'is turned {value}',
    encoding: 'was encoded with parameters {value}',
    soundFormat: 'has sound as {value}',
    noSound: 'has no sound',
  },
  seconds: '{value} s',
  megapixels: '{value} megapixels',
  // --- issue 23 item 3: a clip, a video, a key's store (s7-words) ------------------------------
  /** A clip of a storyboard's film: its shot and its take's file. */
  shot: 'shot {n} ({file})',
  /** Why a video is not whole (`video.notWhole`'s `why`), said after "it"; `detail` the reader's own words, as they are. */
  video: {
    empty: 'is empty',
    webm: 'is a WebM/Matroska video, and Reelbox keeps MP4 and MOV only',
    webPage: 'is a web page, not a video',
    text: 'is text, not a video',
    notVideo: 'is not a video file',
    cutShort: 'is cut short or damaged',
    noIndex: 'has no MP4 index (moov)',
    badIndex: 'has an MP4 index that cannot be read',
    fragmented: 'is a fragmented MP4, which cannot be joined',
    noVideoTrack: 'has no video track',
    noFrames: 'has no video frames',
    endsEarly: 'ends before its media data does',
    framesOutside: 'lists frames outside its media data',
    lastFrameUndecodable: 'has a last frame that cannot be decoded',
    unreadable: 'cannot be read ({detail})',
  },
  /**
   * Why an API key is kept where it is (shared/contract/secrets.ts `KeyStoreReason`): Settings'
   * key panel and the engine's log. `{os}` is the OS's or keytar's own message, quoted as it is.
   */
  keyStore: {
    keychain: {
      none: 'this run uses no keychain',
      unavailable: 'the keychain did not answer',
      refused: 'the keychain refused: “{os}”',
      notLoaded: 'the keychain cannot be reached: keytar did not load (“{os}”)',
      timedOut: 'the keychain gave no answer within {seconds} s (is it locked?)',
      waiting: 'the keychain is still busy with an earlier request (locked, or an unlock prompt is open)',
    },
    keyFile: {
      notReady: 'the OS encryption for a key file is not ready yet',
      needsConsent: 'this desktop has no keyring, so a key file would be encrypted with a fixed password (it needs your consent)',
      noEncryption: 'the OS offers no encryption for a key file',
      unreadable: 'the encrypted key file cannot be read: “{os}”',
      encrypted: { mac: 'the file is encrypted with a key in the macOS Keychain', windows: 'the file is encrypted with Windows DPAPI', linux: 'the file is encrypted with Electron safeStorage ({backend})' },
    },
    environment: 'the key is read from the environment variable {variable}',
  },
}
