/**
 * The CLI's sentence for every problem the engine reports as a code (shared/rules/problems.ts),
 * keyed `<area>.<what>` like the codes themselves; electron/cli/messages.ts picks the key and fills
 * the parameters. A problem worded in several ways has one key per way. The app words the same
 * codes through its own screens' catalogue (renderer/src/i18n), in its own voice; the words both
 * build their sentences from (file kinds, fields, units, how clips differ) are `problemWords`.
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
  frame: {
    required: 'add the {frame} frame: {model} needs both frames {inMode}',
    needsFfmpeg:
      "the last frame of {name} cannot be read here: its video is {codec}, and without ffmpeg Reelbox reads H.264 Baseline only; install ffmpeg (on the PATH), or pass `--ffmpeg PATH`, or set its path in the app's Settings → Library folder",
    ffmpegFailed: {
      failed: 'ffmpeg ({ffmpeg}) could not decode the last frame of {name} ({codec}): {detail}',
      timeout: 'ffmpeg ({ffmpeg}) took more than {detail} s over the last frame of {name} ({codec}) and was stopped',
      short: 'ffmpeg ({ffmpeg}) decoded fewer frames of {name} ({codec}) than the {detail} its index lists, so its last frame is not known',
      unusable: 'ffmpeg cannot be run from {ffmpeg} ({detail}), needed for the last frame of {name} ({codec}); correct the path (`--ffmpeg PATH`, or Settings → Library folder in the app) or install ffmpeg',
    },
  },
  sequence: {
    empty: 'a sequence needs at least one clip',
    clipGone: 'clip {index} ({id}) is no longer in the library',
    clipDiffers: 'clip {index} ({name}) {found}, and clip 1 ({first}) {expected}; clips are joined without re-encoding, so they must match (same model and resolution)',
    clipEncoding: 'clip {index} ({name}) was encoded with other settings than clip 1 ({first}); clips are joined without re-encoding, so they must match (same model and resolution)',
    /** The same, when the clips are a storyboard's shots (clip n is shot n). */
    shotDiffers: 'shot {index} ({name}) {found}, and shot 1 ({first}) {expected}; shots are joined without re-encoding, so they must match (same model and resolution)',
    shotEncoding: 'shot {index} ({name}) was encoded with other settings than shot 1 ({first}); shots are joined without re-encoding, so they must match (same model and resolution)',
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
  result: {
    unreadable: 'the service says the task is "{status}" but its result URLs cannot be read: {where}',
    refused: {
      notVideo: 'the result {reason}; it was not kept',
      tooLarge: 'the result is larger than the {max} limit per result (Settings → Jobs); it was not kept',
      contentType: 'the result URL gave {type}, not a video; it was not kept',
    },
  },
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
  poster: { refused: { empty: 'the poster is empty', tooLarge: 'the poster is larger than {megabytes} MB', unreadable: 'the poster is not an image Reelbox can read (JPEG or PNG)', format: 'the poster must be JPEG or PNG, not {format}', undecodable: 'the poster cannot be decoded ({reason})' } },
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
  /** A storyboard change or export refused (core/storyboards). */
  storyboard: {
    resolutionNotOffered: 'the model of shot(s) {shots} does not offer {resolution}: give them another model, or choose one of the resolutions every shot offers',
    nameTaken: 'there is a storyboard named “{name}” in that folder already (or its takes file or keyframe folder)',
    nameInvalid: '“{name}” cannot be a storyboard name: up to 120 characters, no slash, backslash, colon, vertical bar or * ? " < >, not starting with a dot',
    /** A storyboard or takes file that cannot be read or planned; `detail` is the system's, the parser's or the schema's English. */
    invalid: {
      missing: '{file}: no such storyboard file',
      unreadable: '{file}: cannot be read ({detail})',
      notJson: '{file}: the storyboard: is not JSON ({detail})',
      schema: '{file}: the storyboard: {detail}',
      schemaAt: '{file}: {at}: {detail}',
      schemaShot: '{file}: shot {shot}: {detail}',
      schemaShotAt: '{file}: shot {shot}: {at}: {detail}',
      firstContinues: '{file}: shot 1: continues: the first shot has no shot before it to continue',
      continueMode: '{file}: shot {shot}: continues: a continuing shot is image-to-video on the last frame of shot {before} (mode "i2v", not "{mode}")',
      continueImage: "{file}: shot {shot}: image: a continuing shot's first frame is the last frame of shot {before}; remove \"image\" or \"continues\"",
      takesUnreadable: '{file}: cannot be read ({detail})',
      takesNotOurs: '{file}: is not a Reelbox takes file; move it aside and run again (its shots will be made anew)',
    },
    refused: {
      notFound: 'no storyboard {board}',
      notChangeable: '{board} is not a storyboard Reelbox can change; mend it by hand first',
      noSuchShot: '{board} has no shot {shot} (it has {shots})',
      lastShot: '{board}: a storyboard needs a shot; this is its last',
      noSuchTake: 'shot {shot} of {board} has no take {take}',
      shotGone: 'that shot of {board} is no longer there (another machine removed it)',
      noTake: 'shot {shot} of {board} has no take yet: generate it first',
      takeGone: "shot {shot}'s take {take} is gone; remake it or pick another",
      takesMissing: '{board}: {count} shot has no take yet; run the storyboard first | {board}: {count} shots have no take yet; run the storyboard first',
    },
  },
  /** A storyboard shot without a take after a run (core/storyboards/run.ts). */
  shot: {
    notMade: {
      waits: 'waits for shot {shot}',
      noVideo: 'job {job} brought no video',
      inDoubt: 'job {job} may or may not have reached the service: send it again or forget it (the Queue), then run the storyboard again',
      phase: 'job {job} is {phase}',
    },
  },
  /** The pieces the sentences above are made of. */
  words: {
    unknownCodec: 'an unknown codec',
    modes: { t2v: 'text-to-video', i2v: 'first-frame', 'first-last': 'first-and-last-frame', reference: 'reference' },
    inMode: 'in {mode} mode',
    frames: { first: 'first', last: 'last' },
    exactly: 'exactly {max}',
    between: '{min}–{max}',
    /** Between the items of a list ("720p, 1080p"). */
    comma: ', ',
    /** Between the problems of one line. */
    semicolon: '; ',
    /** Two things in a row ("USD and EUR"). */
    and: '{first} and {second}',
    /** Where an image was given: "the first frame (cat.png)". */
    images: { image: 'the image', first: 'the first frame', last: 'the last frame', reference: 'reference {index}', anyReference: 'reference', named: '{slot} ({name})' },
    /** How a clip's sound differs, with its format (the other ways are problemWords.clip). */
    clips: { sound: 'has sound ({value})' },
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
