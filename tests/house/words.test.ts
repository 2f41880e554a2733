/**
 * No sentence is written in a shell (issue 23): the desktop app, web mode and the CLI say what
 * they say through the shared catalogue (shared/locales), so a translation is never found in one
 * of them. A Chinese character in a shell's source is the sign of one; so is an English phrase in
 * a string: the CLI speaks the terminal's language, the desktop shell and web mode the designer's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const shells = ['electron/main', 'electron/cli', 'electron/web', 'electron/preload']

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

/**
 * An English phrase: three words or more in a row, two of them at least real words ("needs a
 * video", "Resuming ${count} job(s)", where `${…}` stands for a word), in a string or a template.
 * Comments and module names are not strings. A synopsis is syntax, not a sentence: the command it
 * names (`reelbox library ls`, up to two words after `reelbox`) is left out before looking.
 */
const HOLE = '\u0001'
const phrases = new RegExp(`(?:[A-Za-z][a-z’']*|${HOLE})(?:,? (?:[A-Za-z][a-z’']*|${HOLE})){2,}`, 'g')
const command = /\breelbox(?: [a-z]+){0,2}/g

function isPhrase(words: string): boolean {
  return (words.replace(command, '').match(phrases) ?? []).some((run) => run.split(/,? /).filter((word) => word !== HOLE).length >= 2)
}

/** Each string of a TypeScript source holding an English phrase, as `file:line: text`. */
export function englishStrings(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const check = (node: ts.Node, words: string): void => {
    if (isPhrase(words)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${words.replaceAll(HOLE, '${…}')}`)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return
    if (ts.isStringLiteralLike(node)) return check(node, node.text)
    if (ts.isTemplateExpression(node)) {
      check(node, node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join(''))
      return node.templateSpans.forEach((span) => visit(span.expression))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * The engine's problems carry codes and data, never our English (issue 23 item 3): each string
 * written inside the params of a `problem(code, params)` call, as `file:line: text`. The engine's
 * other English (AppError messages, log lines in English for the log file) is for developers and
 * allowed; scanning all of `electron/core` for phrases finds some 200 of those, so this looks only
 * where a string is bound for the designer's screen. The params' types (`VideoFlaw`, a shot as a
 * number, `KeyStoreReason`) keep out what a variable could carry.
 */
export function englishInProblems(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'problem' && node.arguments[1]) {
      found.push(...englishStrings(file, text.slice(0, node.arguments[1].getStart()).replace(/[^\n]/g, ' ') + node.arguments[1].getText()))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the engine’s problems', () => {
  it('finds English planted in a problem’s params, not its codes, names and numbers', () => {
    const planted = [
      "problemError('INVALID_INPUT', problem('video.notWhole', { name, reason: `its last frame cannot be read: ${reason}` }))",
      "throw problemError('INVALID_INPUT', problem('video.notWhole', { name: clip.name, reason: 'ended before its media data did' }))",
    ]
    for (const line of planted) expect(englishInProblems('electron/core/planted.ts', line), line).toHaveLength(1)
    const fine = [
      "problem('video.notWhole', { name: clip.name, why: 'endsEarly', shot: 2 })",
      "problem('source.refused', { name, why: 'notWeb', protocol: url.protocol.replace(':', '') })",
      "new AppError('PROTOCOL', `The result ${message}; it was not kept.`)",
    ]
    for (const line of fine) expect(englishInProblems('electron/core/planted.ts', line), line).toEqual([])
  })

  it('has none in the engine or the shells: readers word every problem in the designer’s language', () => {
    const files = ['electron/core', 'electron/node', ...shells].flatMap((dir) => sources(path.join(root, dir)))
    expect(files.length).toBeGreaterThan(200)
    expect(files.flatMap((file) => englishInProblems(path.relative(root, file), readFileSync(file, 'utf8')))).toEqual([])
  })
})

describe('the shells’ words', () => {
  it('finds a Chinese sentence planted in a shell', () => {
    expect(chineseLines('electron/main/planted.ts', "const close = '还有 3 个视频正在生成。'")).toHaveLength(1)
    expect(chineseLines('electron/main/planted.ts', "const close = say('desktop.close.message')")).toEqual([])
  })

  it('finds an English sentence planted in a shell, not its syntax, codes or comments', () => {
    const planted = [
      ['electron/cli/planted.ts', "throw new AppError('INVALID_INPUT', 'reelbox library inspect needs a video file.')"],
      ['electron/cli/planted.ts', 'note(`Resuming ${count} job(s)…`)'],
      ['electron/cli/planted.ts', "out(mine.length ? 'x' : 'Nothing to resume.')"],
      ['electron/main/planted.ts', "return { ok: false, reason: `${host} is not on the list of sites Reelbox opens` }"],
      ['electron/web/planted.ts', 'done(new Error(`${entry.name} is no longer in the library`), new PassThrough())'],
    ] as const
    for (const [file, line] of planted) expect(englishStrings(file, line), line).toHaveLength(1)
    const fine = [
      "out('reelbox library ls [--search TEXT] [--limit N] [--json] | show ID [--json]')",
      "// Said once the engine has taken the submission: a refusal stays one line.\nout(say('cli.jobs.none'))",
      "import { say } from '../words'",
      "const columns = ['job', 'phase', 'model'] as const",
      'out(`${id} ${job.phase} (${status})`)',
    ]
    for (const line of fine) expect(englishStrings('electron/cli/planted.ts', line), line).toEqual([])
  })

  it('has no English sentence in a shell: the CLI speaks the terminal’s language, the app the designer’s', () => {
    const files = shells.flatMap((shell) => sources(path.join(root, shell)))
    expect(files.length).toBeGreaterThan(30)
    expect(files.flatMap((file) => englishStrings(path.relative(root, file), readFileSync(file, 'utf8')))).toEqual([])
  })

  it('has no Chinese sentence in a shell: their words live in shared/locales', () => {
    const files = shells.flatMap((shell) => sources(path.join(root, shell)))
    expect(files.length).toBeGreaterThan(30)
    expect(files.flatMap((file) => chineseLines(path.relative(root, file), readFileSync(file, 'utf8')))).toEqual([])
  })
})
