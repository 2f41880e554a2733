/**
 * What the engine finds wrong, worded from its codes (shared/rules/problems.ts): one message per
 * code at `problems.<code>`, and the words they are built from under `problems.words` (those the
 * CLI says too are shared/locales' `problemWords`). Plural
 * forms follow the locale's rules (en: one | other); `useProblemText` says which param counts.
 */
export default {
  model: { unknown: 'There is no model “{model}” in the catalogue' },
  mode: { unsupported: '{model} has no {mode} mode; it offers {offered}' },
  field: { notTaken: '{model} takes no {what} in {mode} mode' },
  prompt: {
    required: 'Write a prompt: {model} needs one in {mode} mode',
    tooLong: 'The prompt is {length} characters; {model} takes at most {max}',
  },
  image: {
    required: 'Add an image: {model} needs one in {mode} mode',
    gone: '{what} is no longer in Reelbox’s image store; add it again',
    /** Shapes as designers write them: 12:1, 1:3. */
    badAspect: {
      wide: '{what} is {shape}, wider than {model} takes ({min} to {max}). Crop it to fit.',
      tall: '{what} is {shape}, taller than {model} takes ({min} to {max}). Crop it to fit.',
    },
    cropOutside: 'The crop lies outside {name} ({size})',
    tooSmall: '{what} is {size}; the model needs at least {minSide} px on each side',
    tooThin: '{what} is {size}; scaled down to the model’s {pixels} it would be {fitted}, under the {minSide} px minimum side',
    cannotShrink: '{what} cannot be made smaller than {maxBytes} (the model’s limit) without going under {minSide} px',
  },
  references: {
    tooFew: 'Add at least {min} reference image: {model} takes {range} | Add at least {min} reference images: {model} takes {range}',
    tooMany: '{count} reference image given; {model} takes at most {max} | {count} reference images given; {model} takes at most {max}',
  },
  duration: { notOffered: '{value} is not offered by {model}; choose {allowed}' },
  resolution: { notOffered: '{value} is not offered by {model}; choose {allowed}' },
  seed: {
    notTaken: '{model} takes no seed, so results cannot be repeated; clear the seed',
    required: '{model} needs a seed',
  },
  audio: { notTaken: '{model} cannot generate audio' },
  file: {
    missing: 'There is no file at {name}',
    folder: '{name} is a folder, not a file',
    notRegular: '{name} is not a regular file',
    unreadable: '{name} cannot be read ({why})',
    empty: '{name} is empty',
    tooLarge: '{name} is {size}; Reelbox takes at most {max}',
    notImage: "{name} is {kind}, not an image Reelbox can use (@:{'formats.images'})",
    undecodable: '{name} looks like a {format} but cannot be read',
    damaged: '{name} is a damaged {format} file',
    tooManyPixels: '{name} is {size} ({pixels}); Reelbox takes images up to {max}',
  },
  /** What a paused job waits for (shared/job.ts PauseReason). */
  disk: { full: 'Not enough space in {folder}: {action}' },
  folder: { notWritable: 'The {kind} folder {folder} {why}', unreadable: 'Cannot read the folder {folder} ({reason})' },
  key: { missing: 'There is no API key for “{connection}” here' },
  keyframe: { missing: 'Shot {shot}: its keyframe {name} is missing from the disk. Drop or choose the picture again on the card, or remove it.' },
  video: { notWhole: '{name} is not a whole MP4 or MOV video: it {reason}' },
  /** A take's last frame (Continue, a continuing shot): the engine's own decoder reads H.264 Baseline; ffmpeg the rest. */
  frame: {
    required: 'Add the {frame}: {model} needs both frames in {mode} mode',
    needsFfmpeg: 'The last frame of {name} cannot be read: its video is {codec}, and without ffmpeg Reelbox reads H.264 Baseline only. Install ffmpeg, or set its path in Settings → Library folder.',
    ffmpegFailed: {
      failed: 'ffmpeg could not decode the last frame of {name} ({codec}): {detail}',
      timeout: 'ffmpeg took more than {detail} s over the last frame of {name} and was stopped',
      short: 'ffmpeg decoded fewer frames of {name} than the {detail} it lists, so its last frame is not known',
      unusable: 'ffmpeg cannot be run from {ffmpeg} ({detail}). Correct its path in Settings → Library folder, or install ffmpeg.',
    },
  },
  sequence: {
    empty: 'A sequence needs at least one clip',
    clipGone: 'Clip {index} is no longer in the library; remove it from the sequence',
    clipDiffers: 'Clip {index} ({name}) {how}, and clip 1 ({first}) {howFirst}. Clips are joined without re-encoding, so they must match; remove it or make it again with the same model and resolution.',
    /** `clipDiffers` when what differs is the encoder's parameters, which have no words of their own. */
    clipEncodedOtherwise: 'Clip {index} ({name}) was encoded with other settings than clip 1 ({first}). Clips are joined without re-encoding, so they must match; remove it or make it again with the same model and resolution.',
    /** The same two, when the clips are a storyboard's shots (clip n is shot n). */
    shotDiffers: 'Shot {index} ({name}) {how}, and shot 1 ({first}) {howFirst}. Shots are joined without re-encoding, so they must match; make it again with the same model and resolution.',
    shotEncodedOtherwise: 'Shot {index} ({name}) was encoded with other settings than shot 1 ({first}). Shots are joined without re-encoding, so they must match; make it again with the same model and resolution.',
  },
  /** A submission refused before anything was sent (issue 26); the amounts come formatted for the language. */
  budget: {
    over: 'This would take “{connection}” past its {period} budget: {spent} spent, this costs ≈ {estimate}, the budget is {budget}. Nothing was sent.',
    unknownPrice: '“{connection}” has a budget, and {models} has no price in the catalogue, so the cost is unknown. Nothing was sent; allow unknown prices in Settings → Cost to go on.',
  },
  price: { mixed: 'Prices in {currencies} cannot be added together. Nothing was sent.' },
  cost: { overLimit: 'The estimate ({estimate}) is above the limit of {limit}. Nothing was sent.' },
  /** The service's own words show beside it ("The service said: …"); beside the field itself, they are the message. */
  service: { refused: '{field}: refused by the service', refusedHere: 'Refused by the service: “{said}”' },
  /** A service's answer read under the connection's profile: `found` says what is at the path. */
  result: {
    unreadable: 'The service says the task is “{status}”, but Reelbox cannot read its result URLs: {found}{tryIt}',
    refused: {
      notVideo: 'The result {reason}; it was not kept.',
      tooLarge: 'The result is larger than the {max} limit per result (Settings → Jobs); it was not kept.',
      contentType: 'The result’s address gave {type}, not a video; it was not kept.',
    },
  },
  answer: {
    missing: 'Nothing at {paths}{hasIt}',
    unreadable: '{found}{tryIt}',
    notJson: 'This is not JSON ({reason})',
  },
  /** A service pack refused on import: nothing of it was kept. */
  pack: { refused: '{file} was not imported: {field} {why} ({detail}). Nothing of it was kept.' },
  /** A catalogue imported from a file or an address. */
  source: {
    refused: {
      notText: '{name} is not a text file (a catalogue is JSON)',
      tooLarge: '{name} is larger than {size}; a catalogue is a small JSON file',
      empty: '{name} is empty',
      notUrl: '“{name}” is not a web address',
      notWeb: 'Only http and https addresses can be imported, not {protocol}',
      emptyAnswer: '{name} answered with nothing',
    },
    unreachable: {
      status: '{name} answered HTTP {status}',
      timeout: '{name} did not answer within {seconds} s',
      network: 'Could not fetch {name}: {reason}',
    },
  },
  poster: { refused: { empty: 'The poster is empty', tooLarge: 'The poster is larger than {megabytes} MB', unreadable: 'The poster is not an image Reelbox can read (JPEG or PNG)', format: 'The poster must be JPEG or PNG, not {format}', undecodable: 'The poster cannot be decoded ({reason})' } },
  move: {
    refused: {
      same: 'This is already the library folder',
      inside: 'The new folder cannot be inside the current library folder',
      contains: 'The new folder cannot contain the current library folder',
      file: 'This is a file, not a folder',
      notEmpty: 'The new folder must be empty or new; it holds {count} entry | The new folder must be empty or new; it holds {count} entries',
      notWritable: 'The new folder cannot be written to',
      noParent: 'The new folder cannot be created: {parent} does not exist',
      cannotCreate: 'The new folder cannot be created ({reason})',
      busy: 'Wait for the move under way to finish',
    },
  },
  /** A storyboard change or export refused (core/storyboards). */
  storyboard: {
    resolutionNotOffered: 'The model of shot {shots} does not offer {resolution}; give it another model or choose another resolution | The models of shots {shots} do not offer {resolution}; give them another model or choose another resolution',
    nameTaken: 'There is a storyboard named “{name}” already; choose another name',
    nameInvalid: '“{name}” cannot be a file name: use up to 120 characters, no slash, backslash, colon, vertical bar or * ? " < >, and do not start with a dot',
    /** A storyboard or takes file that cannot be read or planned. */
    invalid: {
      missing: 'There is no storyboard file {file}',
      unreadable: '{file} cannot be read ({detail})',
      notJson: '{file} is not a storyboard Reelbox can read (it is not JSON)',
      schema: '{file}: {where} is not valid',
      firstContinues: 'Shot 1 cannot continue a shot: none comes before it',
      continueMode: 'Shot {shot} continues shot {before}, so it is made in {mode} mode from that shot’s last frame',
      continueImage: 'Shot {shot} continues shot {before}, so its first frame is that shot’s last frame; remove its own image',
      takesUnreadable: 'The takes file {file} cannot be read ({detail})',
      takesNotOurs: '{file} is not a takes file Reelbox wrote; move it aside and generate again',
    },
    refused: {
      notFound: 'There is no storyboard “{board}”',
      notChangeable: '“{board}” is not a storyboard Reelbox can change; mend the file by hand first',
      noSuchShot: '“{board}” has no shot {shot}; it has {shots}',
      lastShot: 'A storyboard needs a shot; this is the last one',
      noSuchTake: 'Shot {shot} has no such take',
      shotGone: 'That shot is no longer on the board: someone removed it on another machine',
      noTake: 'Shot {shot} has no take yet: generate it first',
      takeGone: 'Shot {shot}’s take {take} is gone; remake it or pick another',
      takesMissing: '{count} shot has no take yet: generate it first | {count} shots have no take yet: generate them first',
    },
  },
  /** A storyboard shot without a take after Generate (core/storyboards/run.ts). */
  shot: {
    notMade: {
      waits: 'It waits for shot {shot}, which has no take',
      noVideo: 'Its video was not made',
      inDoubt: 'Its job may or may not have reached the service: send it again or forget it in the Queue, then generate again',
      phase: 'Its job {phase}',
    },
  },
  input: {
    invalid: '{what} is not valid',
    tooBig: '{what} is over its limit of {limit}',
    tooSmall: '{what} is under its minimum of {limit}',
  },
  /**
   * The Generate bar's few words after a field's name ("Prompt: too long — 935 of 800 characters");
   * a code without short words shows its whole sentence.
   */
  short: {
    model: { unknown: 'not in the catalogue' },
    mode: { unsupported: 'not offered by {model}' },
    field: { notTaken: 'not taken by {model} in {mode} mode' },
    prompt: { required: 'needed by {model}', tooLong: 'too long — {length} of {max} characters' },
    image: {
      required: 'needed by {model}',
      gone: 'no longer in Reelbox; add it again',
      badAspect: { wide: '{shape} is too wide for {model} — crop it to fit', tall: '{shape} is too tall for {model} — crop it to fit' },
      tooSmall: '{size} is too small (at least {minSide} px a side)',
      tooThin: '{size} is too thin for {model}',
      cannotShrink: 'cannot be made small enough for {model}',
    },
    frame: { required: 'needed by {model}' },
    references: { tooFew: 'add at least {min} | add at least {min}', tooMany: '{count} of at most {max} | {count} of at most {max}' },
    duration: { notOffered: '{value} is not offered; choose {allowed}' },
    resolution: { notOffered: '{value} is not offered; choose {allowed}' },
    seed: { notTaken: 'not taken by {model}; clear it', required: 'needed by {model}' },
    audio: { notTaken: 'not available on {model}' },
  },
  words: {
    /** Where in a storyboard file something is not valid. */
    board: { whole: 'the storyboard', shot: 'shot {shot}', shotAt: 'shot {shot} ({at})' },
    /** Where a job is, inside a sentence ("Its job is paused"). */
    phases: {
      queued: 'is waiting to be sent',
      submitting: 'is being sent',
      pending: 'is waiting at the service',
      running: 'is being made',
      downloading: 'is being saved',
      paused: 'is paused',
      stopped: 'was stopped',
      failed: 'failed',
      cancelled: 'was cancelled',
    },
    periods: { day: 'daily', month: 'monthly' },
    unknownPrice: 'unknown',
    unknownCodec: 'an unknown codec',
    /** An input the schema refused, at the start of a sentence; other paths show as they are. */
    inputs: {
      modelId: 'The model',
      mode: 'The mode',
      prompt: 'The prompt',
      image: 'The image',
      first: 'The first frame',
      last: 'The last frame',
      references: 'The reference images',
      duration: 'The duration',
      resolution: 'The resolution',
      seed: 'The seed',
      audio: 'Audio',
      variations: 'The number of variations',
      baseUrl: 'The service address',
    },
    /** A mode inside a sentence: its one name (common.modes), quoted ("… in “First frame” mode"). */
    mode: '“{name}”',
    frames: { first: 'first frame', last: 'last frame' },
    /** The `image` slot is named by mode, as the form's slot label (create.slots.image). */
    slots: {
      image: 'The image',
      imageIn: { t2v: 'The starting image', i2v: 'The first frame', 'first-last': 'The image', reference: 'The subject image' },
      first: 'The first frame',
      last: 'The last frame',
      reference: 'Reference {n}',
    },
    named: '{what} ({name})',
    range: '{min} to {max}',
    exactly: 'exactly {n}',
    separator: ', ',
    space: { free: 'free {size}', some: 'only {size} is free; free some space' },
    notWritable: { readOnly: 'is read-only', missing: 'is not there — is its drive connected?', denied: 'cannot be written (permission denied)' },
    /** A clip that has sound, inside `sequence.clipDiffers` (the other ways are the shared `problemWords.clip`). */
    clip: { sound: 'has sound' },
    /** What an answer holds at a profile's path. */
    found: {
      nothing: 'nothing is at {path}',
      objects: '{path} is a list of {n} object | {path} is a list of {n} objects',
      lists: '{path} is a list of {n} list | {path} is a list of {n} lists',
      numbers: '{path} is a list of {n} number | {path} is a list of {n} numbers',
      texts: '{path} is a list of {n} text | {path} is a list of {n} texts',
      mixed: '{path} is a list of {n} values of different kinds',
      object: '{path} is an object',
      number: '{path} is a number',
      boolean: '{path} is true or false',
      text: '{path} is a text',
    },
    tryIt: '; try {path}',
    hasIt: '; the answer has {path}',
    pack: { wholeFile: 'the file', notJson: 'is not valid JSON', version: 'is a version this Reelbox cannot read', unknown: 'is not a name Reelbox knows', invalid: 'is not valid' },
  },
  /** An error that carries no problem, by its code (shared/errors.ts), outside English. */
  error: {
    INVALID_INPUT: 'Reelbox could not use what was sent.',
    INVALID_PARAMS: 'The service refused a setting.',
    UNAUTHORIZED: 'No service is connected, or the service refused the API key.',
    RATE_LIMITED: 'The service is busy.',
    REMOTE_FAILED: 'The service had a problem.',
    PROTOCOL: 'The service answered with something Reelbox cannot read.',
    NETWORK: 'The service could not be reached.',
    TIMEOUT: 'The service took too long to answer.',
    NOT_FOUND: 'Something this needs is gone.',
    DISK: 'A file on this computer could not be read or written.',
    CANCELLED: 'Stopped.',
    SECRET_STORE_UNAVAILABLE: 'The system keychain is not available.',
    FORBIDDEN: 'This window is not allowed to do that.',
    INTERNAL: 'Something went wrong inside Reelbox.',
  },
}
