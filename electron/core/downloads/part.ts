import { readFile, rm, stat } from 'node:fs/promises'
import { writeFileAtomic } from '../files/atomic'

/**
 * A download in progress is two files in the library's staging folder: `<id>.part`, the bytes,
 * and `<id>.part.json`, what proves they belong to one version of one file (its validator and
 * length). Both survive a crash; a resumed download trusts the bytes only with the proof.
 */
export interface PartMeta {
  etag?: string
  lastModified?: string
  total?: number
}

export const metaOf = (partFile: string): string => `${partFile}.json`

export async function sizeOf(file: string): Promise<number> {
  return stat(file).then((s) => s.size, () => 0)
}

export async function readMeta(partFile: string): Promise<PartMeta> {
  try {
    return JSON.parse(await readFile(metaOf(partFile), 'utf8')) as PartMeta
  } catch {
    return {}
  }
}

export function writeMeta(partFile: string, meta: PartMeta): Promise<void> {
  return writeFileAtomic(metaOf(partFile), JSON.stringify(meta))
}

/** Drops a finished part's bookkeeping once the part itself has been moved into the library. */
export async function forgetPart(partFile: string): Promise<void> {
  await rm(metaOf(partFile), { force: true })
}

/** Removes a part and its bookkeeping: what arrived is not a result worth keeping. */
export async function discardPart(partFile: string): Promise<void> {
  await rm(partFile, { force: true })
  await forgetPart(partFile)
}
