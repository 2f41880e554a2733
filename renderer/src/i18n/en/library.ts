/** The library screen. */
export default {
  title: 'Library',
  emptyTitle: 'Your library is empty',
  emptyBody: 'Every finished video lands here, downloaded to a folder on your computer, with its prompt, model and inputs. It works offline.',
}
