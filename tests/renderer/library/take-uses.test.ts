import { describe, expect, it } from 'vitest'
import type { TakeUse } from '@shared/contract/storyboards'
import { usesText } from '@/components/library/take-uses'
import { createAppI18n } from '@/i18n'

/**
 * The delete confirmation's line about the storyboards that play a video: each board once, its
 * shots in order, joined as each language joins a list; boards past the third counted, not named.
 */
const use = (name: string, shot: number, itemId = 'v1'): TakeUse => ({ itemId, name, title: name, shot })
const text = (locale: 'en' | 'zh-CN', uses: TakeUse[]) => {
  const { t } = createAppI18n(locale, { strict: true }).global
  return usesText(uses, t, locale)
}

describe('which storyboard shots a deletion leaves without a take', () => {
  it('names one shot, several shots of a board, and several boards, in both languages', () => {
    expect(text('en', [])).toBeNull()
    expect(text('en', [use('Harbour night', 4)])).toBe('Used by shot 4 of Harbour night: that shot will be missing its take.')
    expect(text('zh-CN', [use('Harbour night', 4)])).toBe('已用于“Harbour night”的镜头 4：删除后，相关镜头将缺少镜次。')
    // Two videos of one board, and a third board's shot: the board once, its shots in order.
    const several = [use('Harbour night', 4), use('Pier', 1, 'v2'), use('Harbour night', 2, 'v2')]
    expect(text('en', several)).toBe('Used by shots 2, 4 of Harbour night and shot 1 of Pier: those shots will be missing their takes.')
    expect(text('zh-CN', several)).toBe('已用于“Harbour night”的镜头 2、4和“Pier”的镜头 1：删除后，相关镜头将缺少镜次。')
  })

  it('counts the boards past the third', () => {
    const boards = ['A', 'B', 'C', 'D', 'E'].map((name) => use(name, 1))
    expect(text('en', boards)).toBe('Used by shot 1 of A, shot 1 of B, shot 1 of C, and 2 more storyboards: those shots will be missing their takes.')
    expect(text('zh-CN', boards)).toBe('已用于“A”的镜头 1、“B”的镜头 1、“C”的镜头 1和另外 2 个分镜：删除后，相关镜头将缺少镜次。')
  })
})
