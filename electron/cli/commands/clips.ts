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
import { say } from '../words'

/**
 * `reelbox library inspect | import | join` (issue 16 item 6): what a video says about how it was
 * made, bringing one into the library, and joining library items into one MP4.
 */

function describeSettings(s: EmbeddedSettings): string {
  const rows: string[][] = [
    [say('cli.library.labels.prompt'), s.prompt || '-'],
    [say('cli.library.labels.model'), `${s.model.id} (${s.model.family} ${s.model.version})`],
    [say('cli.library.labels.mode'), say(`cli.problems.words.modes.${s.mode}`)],
    ...Object.entries(s.params)
      .filter(([key]) => !['model', 'prompt', '_action'].includes(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    ...s.inputs.map((input) => [say('cli.library.labels.image', { role: input.role }), `${input.hash ? `sha256 ${input.hash}` : input.url ?? '-'}${input.name ? ` (${input.name})` : ''}`]),
    ...(s.continues ? [[say('cli.library.labels.continues'), say('cli.library.continuesAt', { item: s.continues.itemId, seconds: s.continues.atSeconds.toFixed(2) })]] : []),
    [say('cli.library.labels.service'), `${s.service.baseUrl}${s.service.sandbox ? ' (Sandbox)' : ''}`],
    [say('cli.library.labels.made'), when(s.finishedAt)],
    [say('cli.library.labels.item'), s.id],
  ]
  return table(rows.map(([key, value]) => [`  ${key}`, value ?? '']))
}

/** `inspect FILE`: reads only the file's index; needs no engine, library or network. */
export async function inspect(file: string | undefined, globals: GlobalFlags): Promise<number> {
  if (!file) throw new AppError('INVALID_INPUT', say('cli.library.inspectNeeds'))
  await checkDroppedFile(file, { maxBytes: Number.MAX_SAFE_INTEGER })
  const tags = await readVideoTags(file).catch((error: unknown) => {
    throw problemError('INVALID_INPUT', problem('video.notWhole', { name: file, why: 'unreadable', detail: (error as Error).message }))
  })
  const { settings } = tags
  const sequence = tags.sequence === undefined ? undefined : (JSON.parse(tags.sequence) as unknown)
  if (globals.json) return json({ file, settings: settings.found === 'settings' ? settings.settings : null, ...(settings.found === 'unreadable' ? { unreadable: settings.reason } : {}), ...(sequence ? { sequence } : {}) }), EXIT.ok
  const name = path.basename(file)
  if (settings.found === 'settings') out(`${say('cli.library.madeWith', { name })}\n${describeSettings(settings.settings)}`)
  else if (settings.found === 'unreadable') out(say('cli.library.settingsUnreadable', { name, reason: settings.reason }))
  else if (!sequence) out(say('cli.library.noSettings', { name }))
  if (sequence) out(say('cli.library.sequence', { name, sequence: JSON.stringify(sequence) }))
  return EXIT.ok
}

/** `import FILE`: into the library, like a video dropped on the Library screen. */
export async function importFile(file: string | undefined, globals: GlobalFlags): Promise<number> {
  if (!file) throw new AppError('INVALID_INPUT', say('cli.library.importNeeds'))
  const core = await openEngine(globals)
  try {
    await core.library.validated()
    const brought = (await core.call('library.importPath', { path: path.resolve(file) }, { transport: 'cli' })) as Brought
    if (globals.json) return json(brought), EXIT.ok
    out(path.join(core.library.folder, brought.item.folder, brought.item.fileName))
    note(`${brought.item.id}: ${say(`cli.library.outcomes.${brought.outcome}`)}.`)
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/** `join ID ID … --out FILE`: one MP4 by packet copy, written whole (temp, then rename). */
export async function join(ids: string[], to: string | undefined, globals: GlobalFlags): Promise<number> {
  if (ids.length === 0) throw new AppError('INVALID_INPUT', say('cli.library.joinNeedsIds'))
  if (!to) throw new AppError('INVALID_INPUT', say('cli.library.joinNeedsOut'))
  const target = path.resolve(to)
  if (await stat(target).then(() => true, () => false)) throw new AppError('INVALID_INPUT', say('cli.library.exists', { file: target }))
  const core = await openEngine(globals)
  const part = `${target}.${process.pid}.part`
  try {
    await core.library.validated()
    const clips = await clipFiles(core.library, ids)
    const joined = await joinClips(clips, part)
    await rename(part, target)
    if (globals.json) return json({ file: target, durationSec: joined.durationSec, clips: ids }), EXIT.ok
    out(target)
    note(say('cli.library.joined', { count: clips.length, seconds: joined.durationSec.toFixed(2) }))
    return EXIT.ok
  } finally {
    await rm(part, { force: true })
    await core.dispose()
  }
}
