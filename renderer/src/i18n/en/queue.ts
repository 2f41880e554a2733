/** The queue screen. */
export default {
  title: 'Queue',
  emptyTitle: 'Nothing in the queue',
  emptyBody: 'Jobs you submit wait, run and download here. They keep going when you close the window and resume after a restart.',
}
