import { describe, expect, it } from 'vitest'
import { activeJobCount, closeAnswer, closeAnswers, lastWindowClosed } from '../../electron/main/desktop-rules'
import { desktopWords } from '../../electron/main/desktop-words'
import { phases } from '../../shared/phases'

describe('closing the last window', () => {
  it('on macOS keeps the app and its jobs running in the Dock, whatever is being made', () => {
    for (const choice of ['ask', 'background', 'quit'] as const) {
      expect(lastWindowClosed('darwin', 0, choice)).toBe('keep-running')
      expect(lastWindowClosed('darwin', 3, choice)).toBe('keep-running')
    }
  })

  it('on Windows and Linux quits when nothing is being made', () => {
    for (const platform of ['win32', 'linux'] as const) {
      for (const choice of ['ask', 'background', 'quit'] as const) expect(lastWindowClosed(platform, 0, choice)).toBe('quit')
    }
  })

  it('on Windows and Linux with videos being made asks, or does what the designer chose to remember', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(lastWindowClosed(platform, 2, 'ask')).toBe('ask')
      expect(lastWindowClosed(platform, 2, 'background')).toBe('background')
      expect(lastWindowClosed(platform, 1, 'quit')).toBe('quit')
    }
  })
})

describe('the close question', () => {
  it('offers keep working first (the default, and what Escape answers), then quit', () => {
    expect(closeAnswers).toEqual(['background', 'quit'])
    expect(closeAnswer(0, false)).toEqual({ outcome: 'background' })
    expect(closeAnswer(1, false)).toEqual({ outcome: 'quit' })
    expect(closeAnswer(-1, false)).toEqual({ outcome: 'background' })
  })

  it('remembers the answer only when the designer ticked the box', () => {
    expect(closeAnswer(1, true)).toEqual({ outcome: 'quit', remember: 'quit' })
    expect(closeAnswer(0, true)).toEqual({ outcome: 'background', remember: 'background' })
  })

  it('says in both languages that quitting loses nothing, with the count', () => {
    expect(desktopWords.en.close.message(1)).toBe('A video is still being made.')
    expect(desktopWords.en.close.message(3)).toBe('3 videos are still being made.')
    expect(desktopWords['zh-CN'].close.message(3)).toContain('3')
    expect(desktopWords.en.close.detail(1)).toContain('it will pick up where it left off the next time you open Reelbox')
    expect(desktopWords.en.close.detail(2)).toContain('they will pick up where they left off the next time you open Reelbox')
    for (const words of Object.values(desktopWords)) expect(words.later.body(2)).toContain('2')
  })
})

describe('videos being made', () => {
  it('counts queued, sent, generating, downloading and paused jobs, not finished, failed, unknown, stopped or cancelled ones', () => {
    const jobs = phases.map((phase) => ({ phase }))
    // A paused job goes on by itself once it has what it waits for: closing the window asks about it too.
    expect(activeJobCount(jobs)).toBe(6)
    expect(activeJobCount(jobs.filter((job) => ['done', 'failed', 'unknown', 'stopped', 'cancelled'].includes(job.phase)))).toBe(0)
  })
})
