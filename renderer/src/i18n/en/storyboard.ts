/** The Storyboard screen (issue 28): boards of shots, generated in order, joined into one film. */
export default {
  title: 'Storyboard',
  shots: '{n} shot | {n} shots',
  shotsLabel: 'Shots, in the order the film plays them',
  continues: 'Continues from the last frame of the shot before',
  cut: 'A cut: starts on its own',
  upToDate: 'Every shot has its take',
  readFailed: 'Could not read the storyboard',
  list: {
    title: 'Storyboards',
    unreadable: 'Cannot be read: open it to see why',
  },
  pick: {
    title: 'Open a storyboard',
    body: 'Choose a storyboard on the left to see its shots, generate them in order and export the film.',
  },
  empty: {
    title: 'No storyboards yet',
    body: 'A storyboard plans a film as shots: each with its prompt and model, and a shot can continue from the last frame of the one before. Save one as NAME.storyboard.json in the Storyboards folder of your library (or run “reelbox storyboard run FILE”), and it appears here to generate and export.',
  },
  shot: {
    label: 'Shot {n}',
    states: {
      made: 'Made',
      new: 'To make',
      stale: 'Changed: to remake',
    },
    making: 'Making…',
    noTake: 'No take yet',
    noPrompt: 'No prompt',
    seconds: '{n} s',
    takeOf: 'Take {take} of {n}',
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
  },
}
