import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Storyboard } from '../../../../shared/storyboard'

/** A board the designer wrote by hand into the library's `Storyboards/` folder. */
export async function putBoard(library: string, name: string, board: Storyboard): Promise<string> {
  const file = path.join(library, 'Storyboards', `${name}.storyboard.json`)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(board, null, 2))
  return file
}
