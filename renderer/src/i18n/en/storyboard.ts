/** The Storyboard screen (issue 28): boards of shots, generated in order, joined into one film. */
export default {
  title: 'Storyboard',
  shots: '{n} shot | {n} shots',
  shotsLabel: 'Shots, in the order the film plays them',
  continues: 'Continues from the last frame of the shot before',
  cut: 'A cut: starts on its own',
  continueLabel: 'Shot {n} continues shot {before}',
  ownPictures: 'Shot {n} starts from its own pictures, so it cannot continue the shot before',
  upToDate: 'Every shot has its take',
  readFailed: 'Could not read the storyboard',
  pickFailed: 'Could not pick that take',
  moveFailed: 'Could not move the shot',
  saveFailed: 'Could not save the storyboard',
  addShot: 'Add shot',
  create: {
    new: 'New storyboard',
    /** Beside the list's heading, which already says storyboards. */
    short: 'New',
    title: 'Title of the new storyboard',
    placeholder: 'Title, e.g. Launch film',
    button: 'Create',
    cancel: 'Cancel',
  },
  keyframe: {
    reference: 'Reference {n}',
    choose: ': drop an image here, or choose one',
    fileOnly: 'A storyboard keeps image files beside it: drop or choose a file, not a link.',
    missing: 'Missing: {name} is no longer beside the storyboard. Drop or choose the picture again, or remove it.',
  },
  list: {
    title: 'Storyboards',
    unreadable: 'Cannot be read: open it to see why',
    none: 'No storyboards yet.',
  },
  pick: {
    title: 'Open a storyboard',
    body: 'Choose a storyboard on the left to see its shots, generate them in order and export the film.',
  },
  empty: {
    title: 'No storyboards yet',
    body: 'A storyboard plans a film as shots: each with its prompt, model and keyframes, and a shot can continue from the last frame of the one before. Start one here, or save one as NAME.storyboard.json in the Storyboards folder of your library (or run “reelbox storyboard run FILE”), and it appears here to generate and export.',
  },
  shot: {
    label: 'Shot {n}',
    states: {
      made: 'Made',
      new: 'To make',
      stale: 'Changed: to remake',
      missing: 'Missing take',
    },
    /** The picked take was deleted (here or on another machine): named by its file. */
    takeGone: '{name} is gone from the library: generate the shot again, or pick another take.',
    takeGoneUnnamed: 'Its take is gone from the library: generate the shot again, or pick another take.',
    making: 'Making…',
    noTake: 'No take yet',
    noPrompt: 'What happens in this shot',
    prompt: 'Prompt of shot {n}',
    takeOf: 'Take {take} of {n}',
    takes: 'Take',
    regenerate: 'Another take',
    earlier: 'Move shot {n} earlier',
    later: 'Move shot {n} later',
    remove: 'Remove shot {n}',
    removed: 'Shot {n} removed; its takes stay in the library.',
    undo: 'Undo',
    settings: 'Settings of shot {n}',
    field: '{field} of shot {n}',
    anySeed: 'New each take',
    gone: 'Shot {n} no longer has {items}: its model or mode does not take it.',
  },
  generate: {
    button: 'Generate all',
    busy: 'Generating…',
    failed: '{n} shot has no take | {n} shots have no take',
    problem: 'Shot {n}: {problem}',
    failedAll: 'Could not generate the storyboard',
  },
  export: {
    button: 'Export film',
    busy: 'Exporting…',
    needsTakes: 'Every shot needs a take first: Generate all',
    done: 'Exported {name}',
    show: 'Show in Library',
    failed: 'Could not export the film',
    /** Export refused: a take of another size or codec than shot 1's cannot join without re-encoding. */
    differs: 'Shot {n} cannot follow shot 1 without re-encoding',
    /** Export refused: a shot's picked take was deleted since. */
    takeGone: 'Shot {n} is missing its take',
  },
  /** The board's name in its header: its file, takes and keyframes are renamed with it. */
  name: {
    label: 'Name of the storyboard',
    hint: 'Enter renames it, Escape puts it back',
    failed: 'Could not rename the storyboard',
  },
  /** One resolution for every shot, so the takes join into the film without re-encoding. */
  resolution: {
    label: 'Resolution of every shot',
    short: 'Size',
    mixed: 'Mixed',
    /** A resolution some shot's model does not offer: shown, not choosable. */
    without: '{value}: not shot {shots} | {value}: not shots {shots}',
    none: 'No resolution is offered by every shot’s model: give the shots named another model',
    offer: 'One resolution for every shot',
    failed: 'Could not set the resolution',
  },
}
