/** The create screen. */
export default {
  title: 'Create',
  emptyTitle: 'Make your first video',
  emptyBody: 'Pick a model, write a prompt, drop in a first frame or reference images, and generate. New jobs appear here as cards that turn into playable results.',
}
