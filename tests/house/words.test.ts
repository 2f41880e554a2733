/**
 * No sentence is written in a shell (issue 23): the desktop app, web mode and the CLI say what
 * they say through the shared catalogue (shared/locales), so a translation is never found in one
 * of them. A Chinese character in a shell's source is the sign of one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const shells = ['electron/main', 'electron/cli', 'electron/web']

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? sources(full) : /\.[cm]?[jt]s$/.test(entry.name) ? [full] : []
  })
}

/** Each line of `text` holding a Han character, as `file:line: text`. */
export function chineseLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (/\p{Script=Han}/u.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []))
}

describe('the shells’ words', () => {
  it('finds a Chinese sentence planted in a shell', () => {
    expect(chineseLines('electron/main/planted.ts', "const close = '还有 3 个视频正在生成。'")).toHaveLength(1)
    expect(chineseLines('electron/main/planted.ts', "const close = say('desktop.close.message')")).toEqual([])
  })

  it('has none in electron/main, electron/cli or electron/web: their words live in shared/locales', () => {
    const files = shells.flatMap((shell) => sources(path.join(root, shell)))
    expect(files.length).toBeGreaterThan(30)
    expect(files.flatMap((file) => chineseLines(path.relative(root, file), readFileSync(file, 'utf8')))).toEqual([])
  })
})
