/** The Sequence screen: clips in order, played back to back and exported as one MP4 (issue 16). */
export default {
  title: 'Sequences',
  name: 'Sequence name',
  untitled: 'Untitled sequence',
  summary: '{n} clip · {time} | {n} clips · {time}',
  unsaved: 'Not saved',
  empty: {
    title: 'No sequence open',
    body: 'A sequence plays clips back to back and exports them as one MP4. Open a clip in the Library and choose “Open chain as sequence”, or add clips here.',
  },
  saved: {
    clips: '{n} clip | {n} clips',
    title: 'Saved sequences',
    none: 'None yet. Saved sequences are small files in your library’s Sequences folder.',
    open: 'Open {name}',
    delete: 'Delete {name}',
    deleted: 'Deleted “{name}”',
  },
  new: 'New',
  save: 'Save',
  savedToast: 'Saved “{name}”',
  saveFailed: 'Could not save the sequence',
  add: 'Add clips',
  picker: {
    title: 'Add clips',
    search: 'Search prompts',
    add: 'Add',
    empty: 'No videos match',
    done: 'Done',
  },
  clip: {
    label: 'Clip {n}: {name}',
    remove: 'Remove clip {n}',
    earlier: 'Move clip {n} earlier',
    later: 'Move clip {n} later',
    gone: 'No longer in the library',
  },
  player: {
    label: 'Sequence player',
    play: 'Play',
    pause: 'Pause',
    now: 'Clip {n} of {total}',
  },
  export: {
    button: 'Export MP4',
    busy: 'Exporting…',
    done: 'Exported “{name}”',
    body: 'One MP4 in your library’s Sequences folder, every frame as it was made.',
    show: 'Show in Library',
    failed: 'Could not export the sequence',
  },
  /** Opening another sequence over one being built that is not saved. */
  replace: {
    title: 'Replace the sequence you’re building?',
    body: '“{name}” ({clips}) isn’t saved. Opening another sequence in its place discards it; to keep it, cancel and save it in Sequences first.',
    confirm: 'Replace it',
  },
}
