import path from 'node:path'
import { AppError } from '../../shared/errors'
import type { ReadPack } from '../../shared/pack'
import { readPackText } from '../core/packs/read'
import { readFlagFile, type GlobalFlags } from './args'
import { say } from './words'

/**
 * `--pack FILE`: a service pack in place of `--profile` and `--catalog` (it carries both, and
 * may carry the service's address). Read and checked whole once per run; a pack that does not
 * check is a usage error naming the file and the field inside it.
 */
const read = new Map<string, Promise<ReadPack>>()

export function readPackFile(file: string): Promise<ReadPack> {
  let found = read.get(file)
  if (!found) {
    found = readFlagFile('pack', file).then((text) => readPackText(text, path.basename(file)))
    read.set(file, found)
  }
  return found
}

/** The pack of this run, if `--pack` was given (and neither `--profile` nor `--catalog`). */
export async function packOf(flags: GlobalFlags): Promise<ReadPack | undefined> {
  if (!flags.pack) return undefined
  if (flags.profile || flags.catalog) throw new AppError('INVALID_INPUT', say('cli.flags.packOrBoth'))
  return readPackFile(flags.pack)
}
