/**
 * The CLI's sentence for every problem the engine reports as a code (shared/rules/problems.ts),
 * keyed `<area>.<what>` like the codes themselves; electron/cli/messages.ts picks the key and fills
 * the parameters. A problem worded in several ways has one key per way. The app words the same
 * codes through its own screens' catalogue (renderer/src/i18n), in its own voice.
 */
export default {
  model: { unknown: 'no model "{model}" in the catalogue (see `reelbox models`)' },
  mode: { unsupported: '{model} has no {mode} mode (it offers {offered})' },
  field: { notTaken: '{model} takes no {field} {inMode}' },
  prompt: {
    required: 'write a prompt: {model} needs one {inMode}',
    tooLong: 'the prompt is {length} characters; {model} takes at most {max}',
  },
  image: {
    required: 'add an image: {model} needs one {inMode}',
    gone: '{image} is no longer in the input store; add it again',
    badAspect: '{image} is {width}×{height} (width/height {ratio}); {model} takes width/height between {min} and {max}: crop it',
    tooSmall: '{image} is {width}×{height}; the model needs at least {minSide} px on each side',
    tooThin: "{image} is {width}×{height}; scaled down to the model's {megapixels} it would be {fittedWidth}×{fittedHeight}, under the {minSide} px minimum side",
    cannotShrink: "{image} cannot be made smaller than {size} (the model's limit) without going under {minSide} px",
    cropOutside: 'the crop lies outside {name} ({width}×{height})',
  },
  frame: { required: 'add the {frame} frame: {model} needs both frames {inMode}' },
  references: {
    tooFew: 'add {images}: {model} takes {range}',
    tooFewAtLeast: 'add at least {images}: {model} takes {range}',
    tooMany: '{images} given; {model} takes at most {max}',
  },
  duration: { notOffered: '{value} is not offered by {model}; choose {allowed}' },
  resolution: { notOffered: '{value} is not offered by {model}; choose {allowed}' },
  seed: { notTaken: '{model} takes no seed, so results cannot be repeated; drop the seed', required: '{model} needs a seed' },
  audio: { notTaken: '{model} cannot generate audio' },
  file: {
    missing: 'no file at {name}',
    folder: '{name} is a folder, not a file',
    notRegular: '{name} is not a regular file',
    unreadable: 'cannot read {name} ({reason})',
    empty: '{name} is empty (0 bytes)',
    tooLarge: '{name} is {size}; Reelbox takes at most {max}',
    notImageKind: '{name} is {kind}, not an image Reelbox can use ({accepted})',
    notImage: '{name} is not a {accepted} image',
    undecodable: '{name} looks like a {format} but cannot be read ({reason})',
    damaged: '{name} is a damaged {format} file ({reason})',
    tooManyPixels: '{name} is {width}×{height} ({megapixels}); Reelbox takes images up to {max}',
  },
  disk: { full: 'not enough space in {folder}: free {size}', fullUnknown: 'not enough space in {folder}: {size} free, free some more' },
  folder: {
    notWritable: {
      readOnly: 'the {kind} folder {folder} is read-only',
      missing: 'the {kind} folder {folder} is not there (is its drive connected?)',
      denied: 'the {kind} folder {folder} cannot be written (permission denied)',
    },
    unreadable: 'cannot read the folder {folder} ({reason})',
  },
  keyframe: { missing: 'the keyframe {name} is not there (no such file beside the storyboard); put the file back, or change or remove it in the storyboard' },
  key: { missing: "there is no API key for “{connection}” here: set REELBOX_API_KEY, or add the key in the app's Settings" },
  video: { notWhole: '{name} is not a whole MP4 or MOV video: it {reason}' },
  sequence: {
    empty: 'a sequence needs at least one clip',
    clipGone: 'clip {index} ({id}) is no longer in the library',
    clipDiffers: 'clip {index} ({name}) {found}, and clip 1 ({first}) {expected}; clips are joined without re-encoding, so they must match (same model and resolution)',
    clipEncoding: 'clip {index} ({name}) was encoded with other settings than clip 1 ({first}); clips are joined without re-encoding, so they must match (same model and resolution)',
  },
  budget: {
    overDay: 'this would take “{connection}” past its daily budget: {spent} spent today, this submission ≈ {estimate}, budget {budget}; nothing was sent (raise it with `reelbox budget --daily AMOUNT`)',
    overMonth: 'this would take “{connection}” past its monthly budget: {spent} spent this month, this submission ≈ {estimate}, budget {budget}; nothing was sent (raise it with `reelbox budget --monthly AMOUNT`)',
    unknownPrice:
      "“{connection}” has a budget and {models} has no price in the catalogue, so the cost is unknown; nothing was sent (allow unknown prices in the app's Settings → Cost, or clear the budget with `reelbox budget --clear`) | “{connection}” has a budget and {models} have no price in the catalogue, so the cost is unknown; nothing was sent (allow unknown prices in the app's Settings → Cost, or clear the budget with `reelbox budget --clear`)",
  },
  price: { mixed: 'prices in {currencies} cannot be added together; nothing was sent' },
  cost: {
    overLimit: 'the estimate {estimate} is above --max-cost {limit}; nothing was sent',
    unknownOverLimit: 'the estimate is unknown ({models} has no price), above --max-cost {limit}; nothing was sent | the estimate is unknown ({models} have no price), above --max-cost {limit}; nothing was sent',
  },
  service: { refused: 'the service refused {field}: {said}' },
  result: { unreadable: 'the service says the task is "{status}" but its result URLs cannot be read: {where}' },
  answer: {
    missing: 'nothing at {paths}',
    missingTry: 'nothing at {paths}; the answer has {suggestion}',
    notJson: 'the answer is not JSON ({reason})',
  },
  pack: {
    refused: '{file} is not a usable service pack: {detail}; nothing was imported',
    refusedField: '{file} is not a usable service pack: {field}: {detail}; nothing was imported',
  },
  source: {
    refused: {
      notText: '{name} is not a text file (a catalogue is JSON)',
      tooLarge: '{name} is larger than {megabytes} MB; a catalogue is a small JSON file',
      empty: '{name} is empty',
      notUrl: '"{name}" is not a URL',
      notWeb: 'only http and https URLs can be imported, not {protocol}',
      emptyAnswer: '{name} answered with an empty body',
    },
    unreachable: { status: '{name} answered HTTP {status}', timeout: '{name} did not answer within {seconds} s', network: 'could not fetch {name}: {reason}' },
  },
  poster: { refused: { format: 'the poster must be JPEG or PNG, not {format}', undecodable: 'the poster cannot be decoded ({reason})' } },
  move: {
    refused: {
      same: 'is already the library folder',
      inside: 'cannot be inside the current library folder',
      contains: 'cannot contain the current library folder',
      file: 'is a file, not a folder',
      notEmpty: 'must be empty or new (it holds {count} entry) | must be empty or new (it holds {count} entries)',
      notWritable: 'cannot be written to',
      noParent: 'cannot be created: {parent} does not exist',
      cannotCreate: 'cannot be created: {reason}',
      busy: 'wait for the move under way to finish',
    },
  },
  /** The pieces the sentences above are made of. */
  words: {
    modes: { t2v: 'text-to-video', i2v: 'first-frame', 'first-last': 'first-and-last-frame', reference: 'reference' },
    inMode: 'in {mode} mode',
    fields: { prompt: 'prompt', image: 'image', first: 'first frame', last: 'last frame', references: 'reference images', duration: 'duration', resolution: 'resolution' },
    frames: { first: 'first', last: 'last' },
    exactly: 'exactly {max}',
    between: '{min}–{max}',
    seconds: '{value} s',
    megapixels: '{value} megapixels',
    /** Between the items of a list ("720p, 1080p"). */
    comma: ', ',
    /** Between the problems of one line. */
    semicolon: '; ',
    /** Two things in a row ("USD and EUR"). */
    and: '{first} and {second}',
    otherKinds: {
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
    unreadable: { permission: 'permission denied', folder: 'it is a folder' },
    folderKinds: { library: 'library', data: 'data' },
    /** Where an image was given: "the first frame (cat.png)". */
    images: { image: 'the image', first: 'the first frame', last: 'the last frame', reference: 'reference {index}', anyReference: 'reference', named: '{slot} ({name})' },
    /** How one clip differs from the first. */
    clips: {
      size: 'is {value}',
      codec: 'is encoded as {value}',
      rotation: 'is turned {value}',
      encoding: 'was encoded with parameters {value}',
      soundFormat: 'has sound as {value}',
      sound: 'has sound ({value})',
      noSound: 'has no sound',
    },
    /** What was found at a path of an answer. */
    shapes: {
      nothing: 'nothing',
      list: 'a list of {things}',
      mixed: 'a list of {things} of different kinds',
      object: 'an object',
      number: 'a number',
      boolean: 'true or false',
      text: 'a text',
    },
    nothingAt: 'nothing is at {path}',
    isAt: '{path} is {shape}',
    tryInstead: '{found}; try {suggestion}',
  },
}
