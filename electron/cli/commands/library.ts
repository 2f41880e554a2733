import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { LibraryDetail, LibraryPage } from '../../../shared/contract/library'
import { integer, parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, note, out, table, when } from '../output'
import { say } from '../words'

const help = `reelbox library ls [--search TEXT] [--limit N] [--json] | show ID [--json] | rm ID
               | set ID [--favourite | --no-favourite] [--rating 0-5] [--tag T]... [--untag T]... [--json]
               | inspect FILE [--json] | import FILE [--json] | join ID ID ... --out FILE [--json]`

export async function library(args: string[]): Promise<number> {
  const [verb, ...rest] = args
  const { values, positionals, globals } = parse(rest, {
    search: { type: 'string' },
    limit: { type: 'string' },
    out: { type: 'string' },
    favourite: { type: 'boolean' },
    'no-favourite': { type: 'boolean' },
    rating: { type: 'string' },
    tag: { type: 'string', multiple: true },
    untag: { type: 'string', multiple: true },
  })
  if (!verb || !['ls', 'show', 'set', 'rm', 'inspect', 'import', 'join'].includes(verb)) return out(help), verb ? EXIT.usage : EXIT.ok
  if (verb === 'inspect') return (await import('./clips')).inspect(positionals[0], globals)
  if (verb === 'import') return (await import('./clips')).importFile(positionals[0], globals)
  if (verb === 'join') return (await import('./clips')).join(positionals, values.out, globals)
  const core = await openEngine(globals)
  const call = <T>(method: string, input?: unknown): Promise<T> => core.call(method, input, { transport: 'cli' }) as Promise<T>
  try {
    // What the folder holds now, not what the index cache last saw (the app may have been killed
    // before saving it): a command answers once, so it waits for the check.
    await core.library.validated()
    const folder = (await call<{ path: string }>('library.folder')).path
    if (verb === 'ls') {
      const page = await call<LibraryPage>('library.list', { search: values.search, limit: integer('limit', values.limit) ?? 100 })
      if (globals.json) return json(page), EXIT.ok
      if (page.total === 0) return note(values.search ? say('cli.library.nothingMatching', { folder, search: values.search }) : say('cli.library.nothing', { folder })), EXIT.ok
      const columns = (['id', 'finished', 'model', 'mode', 'prompt'] as const).map((column) => say(`cli.library.columns.${column}`))
      out(table([columns, ...page.items.map((item) => [item.id, when(item.finishedAt), item.modelId, item.mode ?? '-', item.prompt.slice(0, 60)])]))
      if (page.total > page.items.length) note(`\n${say('cli.library.shown', { shown: page.items.length, total: page.total })}`)
      return EXIT.ok
    }
    const id = positionals[0]
    if (!id) throw new AppError('INVALID_INPUT', say('cli.library.needsId', { verb }))
    if (verb === 'set') {
      await call('library.update', markPatch(id, values))
      // The item as `show` prints it, read back from the sidecar just written.
    }
    if (verb === 'show' || verb === 'set') {
      const detail = await call<LibraryDetail>('library.get', { id })
      if (globals.json) return json(detail), EXIT.ok
      out(path.join(folder, detail.item.folder, detail.item.fileName))
      out(`${detail.item.modelId} · ${detail.item.mode ?? say('cli.library.byHand')} · ${when(detail.item.finishedAt)}${detail.item.sandbox ? ' · Sandbox' : ''}`)
      out(detail.item.prompt)
      if (detail.sidecar) out(say('cli.library.ids', { task: detail.sidecar.service.taskId ?? '-', request: detail.sidecar.service.requestId ?? '-' }))
      const { favourite, rating, tags } = detail.item
      if (favourite || rating || tags.length) out([favourite ? '♥' : '', rating ? '★'.repeat(rating) : '', tags.map((tag) => `#${tag}`).join(' ')].filter(Boolean).join(' · '))
      return EXIT.ok
    }
    const removed = await call<{ trashed: string; location?: string }>('library.delete', { id })
    if (globals.json) json(removed)
    else out(say('cli.library.moved', { id, where: removed.location ?? say('cli.library.trash') }))
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/** `set`'s flags as a `library.update` patch: only what was given changes; tags merge with other machines' edits. */
function markPatch(id: string, values: Record<string, unknown>): { id: string; favourite?: boolean; rating?: number; addTags?: string[]; removeTags?: string[] } {
  if (values.favourite && values['no-favourite']) throw new AppError('INVALID_INPUT', say('cli.library.bothFavourite'))
  const rating = integer('rating', values.rating)
  if (rating !== undefined && (rating < 0 || rating > 5)) throw new AppError('INVALID_INPUT', say('cli.library.rating', { value: rating }))
  const favourite = values.favourite ? true : values['no-favourite'] ? false : undefined
  const addTags = values.tag as string[] | undefined
  const removeTags = values.untag as string[] | undefined
  if (favourite === undefined && rating === undefined && !addTags && !removeTags) {
    throw new AppError('INVALID_INPUT', say('cli.library.setNeeds'))
  }
  return { id, favourite, rating, addTags, removeTags }
}
