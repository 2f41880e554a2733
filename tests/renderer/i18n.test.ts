import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { messages } from '@/i18n'

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(vue|ts)$/.test(entry.name) && !full.includes(`${path.sep}i18n${path.sep}`) ? [full] : []
  })
}

describe('translations', () => {
  it('zh-CN has exactly the keys of en, none empty', () => {
    expect(keys(messages['zh-CN']).sort()).toEqual(keys(messages.en).sort())
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const key of keys(messages[locale])) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[locale])
        expect(text, `${locale}:${key}`).not.toBe('')
      }
    }
  })

  it('every key the renderer uses literally exists in en', () => {
    const known = new Set(keys(messages.en))
    const used = new Set<string>()
    for (const file of sourceFiles(path.resolve('renderer/src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(match[1]!)
    }
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((key) => !known.has(key))).toEqual([])
  })
})
