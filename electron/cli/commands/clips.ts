import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Brought } from '../../../shared/contract/library-clips'
import type { EmbeddedSettings } from '../../../shared/embedded'
import { AppError, problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import { checkDroppedFile } from '../../core/files/dropped'
import { readVideoTags } from '../../core/library/settings'
import { clipFiles } from '../../core/sequences/export'
import { joinClips } from '../../core/sequences/join'
import type { GlobalFlags } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, note, out, table, when } from '../output'

/**
 * `reelbox library inspect | import | join` (issue 16 item 6): what a video says about how it was
 * made, bringing one into the library, and joining library items into one MP4.
 */

const modeNames = { t2v: 'text-to-video', i2v: 'first-frame', 'first-last': 'first-and-last-frame', reference: 'reference' } as const

function describeSettings(s: EmbeddedSettings): string {
  const rows: string[][] = [
    ['prompt', s.prompt || '-'],
    ['model', `${s.model.id} (${s.model.family} ${s.model.version})`],
    ['mode', modeNames[s.mode]],
    ...Object.entries(s.params)
      .filter(([key]) => !['model', 'prompt', '_action'].includes(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    ...s.inputs.map((input) => [`image ${input.role}`, `${input.hash ? `sha256 ${input.hash}` : input.url ?? '-'}${input.name ? ` (${input.name})` : ''}`]),
    ...(s.continues ? [['continues', `${s.continues.itemId} at ${s.continues.atSeconds.toFixed(2)} s`]] : []),
    ['service', `${s.service.baseUrl}${s.service.sandbox ? ' (Sandbox)' : ''}`],
    ['made', when(s.finishedAt)],
    ['item', s.id],
  ]
  return table(rows.map(([key, value]) => [`  ${key}`, value ?? '']))
}

/** `inspect FILE`: reads only the file's index; needs no engine, library or network. */
export async function inspect(file: string | undefined, globals: GlobalFlags): Promise<number> {
  if (!file) throw new AppError('INVALID_INPUT', 'reelbox library inspect needs a video file.')
  await checkDroppedFile(file, { maxBytes: Number.MAX_SAFE_INTEGER })
  const tags = await readVideoTags(file).catch((error: unknown) => {
    throw problemError('INVALID_INPUT', problem('video.notWhole', { name: file, reason: `cannot be read (${(error as Error).message})` }))
  })
  const { settings } = tags
  const sequence = tags.sequence === undefined ? undefined : (JSON.parse(tags.sequence) as unknown)
  if (globals.json) return json({ file, settings: settings.found === 'settings' ? settings.settings : null, ...(settings.found === 'unreadable' ? { unreadable: settings.reason } : {}), ...(sequence ? { sequence } : {}) }), EXIT.ok
  const name = path.basename(file)
  if (settings.found === 'settings') out(`${name} was made with Reelbox:\n${describeSettings(settings.settings)}`)
  else if (settings.found === 'unreadable') out(`${name} carries Reelbox settings that cannot be read: ${settings.reason}.`)
  else if (!sequence) out(`${name} carries no Reelbox settings.`)
  if (sequence) out(`${name} is a Reelbox sequence: ${JSON.stringify(sequence)}`)
  return EXIT.ok
}

const outcomes: Record<Brought['outcome'], string> = {
  imported: 'its settings rebuilt the sidecar',
  known: 'it was already in the library',
  added: 'it carries no Reelbox settings, so it was added as a video',
}

/** `import FILE`: into the library, like a video dropped on the Library screen. */
export async function importFile(file: string | undefined, globals: GlobalFlags): Promise<number> {
  if (!file) throw new AppError('INVALID_INPUT', 'reelbox library import needs a video file.')
  const core = await openEngine(globals)
  try {
    await core.library.validated()
    const brought = (await core.call('library.importPath', { path: path.resolve(file) }, { transport: 'cli' })) as Brought
    if (globals.json) return json(brought), EXIT.ok
    out(path.join(core.library.folder, brought.item.folder, brought.item.fileName))
    note(`${brought.item.id}: ${outcomes[brought.outcome]}.`)
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/** `join ID ID … --out FILE`: one MP4 by packet copy, written whole (temp, then rename). */
export async function join(ids: string[], to: string | undefined, globals: GlobalFlags): Promise<number> {
  if (ids.length === 0) throw new AppError('INVALID_INPUT', 'reelbox library join needs the ids of the clips, in order (see `reelbox library ls`).')
  if (!to) throw new AppError('INVALID_INPUT', 'reelbox library join needs --out FILE, where to write the joined MP4.')
  const target = path.resolve(to)
  if (await stat(target).then(() => true, () => false)) throw new AppError('INVALID_INPUT', `${target} already exists; choose another --out or remove it.`)
  const core = await openEngine(globals)
  const part = `${target}.${process.pid}.part`
  try {
    await core.library.validated()
    const clips = await clipFiles(core.library, ids)
    const joined = await joinClips(clips, part)
    await rename(part, target)
    if (globals.json) return json({ file: target, durationSec: joined.durationSec, clips: ids }), EXIT.ok
    out(target)
    note(`Joined ${clips.length} clips (${joined.durationSec.toFixed(2)} s) without re-encoding.`)
    return EXIT.ok
  } finally {
    await rm(part, { force: true })
    await core.dispose()
  }
}
