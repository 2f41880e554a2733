/**
 * `reelbox`'s tables in a terminal: a Chinese header or prompt takes two columns a character, so
 * the next column starts where a designer's eye expects it, in 简体中文 as in English.
 */
import { describe, expect, it } from 'vitest'
import { columns, table } from '../../electron/cli/output'

describe('reelbox tables', () => {
  it('pads each column to its widest cell, counting wide characters as two columns', () => {
    const lines = table([
      ['模型 ID', '系列', '模式'],
      ['lumen-1', 'Lumen', 't2v'],
      ['kestrel-v2.1', '雪鸮', 'i2v'],
    ]).split('\n')
    // Each line's third column starts at the same terminal column.
    const starts = lines.map((line) => columns(line.slice(0, line.search(/(模式|t2v|i2v)$/))))
    expect(new Set(starts).size, lines.join('\n')).toBe(1)
    expect(lines[1]).toBe('lumen-1       Lumen  t2v')
  })
})
