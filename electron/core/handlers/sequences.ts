import type { Handlers } from '../../../shared/contract/define'
import type { sequencesProcedures } from '../../../shared/contract/sequences'
import type { Library } from '../library/library'
import { exportSequence } from '../sequences/export'
import type { SequenceStore } from '../sequences/store'

export function sequencesHandlers(store: SequenceStore, library: Library): Handlers<typeof sequencesProcedures> {
  return {
    'sequences.list': () => store.list(),
    'sequences.get': async ({ id }) => {
      const sequence = await store.get(id)
      const clips = await Promise.all(sequence.items.map(async (item) => ({ id: item, item: await library.get(item).then((d) => d.item, () => undefined) })))
      return { sequence, clips }
    },
    'sequences.save': (input) => store.save(input),
    'sequences.delete': ({ id }) => store.remove(id),
    'sequences.export': ({ name, items }) => exportSequence(library, name, items),
  }
}
