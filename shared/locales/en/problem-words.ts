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
}
