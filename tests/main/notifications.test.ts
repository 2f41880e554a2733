import { describe, expect, it } from 'vitest'
import type { Job } from '../../shared/job'
import { makeJob } from '../support/jobs'
import { defaultSettings, type Settings } from '../../shared/settings'
import { createEventBus } from '../../electron/core/events'
import { startNotifications, type NotifierUi } from '../../electron/main/notifications'
import { noticeLocale, taskbarProgress } from '../../electron/main/notify-rules'
import type { JobNotice } from '../../electron/main/notify-rules'

function job(id: string, fields: Record<string, unknown> = {}): Job {
  return makeJob(id, { draft: { modelId: 'kling-v2-master', mode: 't2v', prompt: 'A red fox running through fresh snow at dawn' }, ...fields })
}

function setup(initial: Job[] = [], settings: Partial<Settings> = {}) {
  const events = createEventBus()
  const shown: Array<{ notice: JobNotice; on: { reveal(): void; open(): void; focus(): void } }> = []
  const progress: number[] = []
  const library: string[] = []
  const ui: NotifierUi = { notify: (notice, on) => shown.push({ notice, on }), setProgress: (value) => progress.push(value) }
  const stop = startNotifications({
    events,
    jobs: () => initial,
    settings: () => ({ ...defaultSettings, ...settings }),
    systemLocale: () => 'en-GB',
    library: { reveal: async (id) => library.push(`reveal ${id}`), open: async (id) => library.push(`open ${id}`) },
    ui,
    focus: () => library.push('focus'),
    onError: (message) => library.push(`error ${message}`),
  })
  return { events, shown, progress, library, stop }
}

describe('desktop notifications', () => {
  it('tells of a job that finishes, with Reveal and Open acting on its library item', async () => {
    const t = setup([job('a', { phase: 'running' })])
    t.events.emit('job.updated', job('a', { phase: 'downloading' }))
    expect(t.shown).toEqual([])
    t.events.emit('job.updated', job('a', { phase: 'done', libraryItemIds: ['a-0'] }))
    expect(t.shown.map((s) => s.notice)).toEqual([
      { kind: 'finished', jobId: 'a', itemId: 'a-0', title: 'Video ready', body: 'A red fox running through fresh snow at dawn', actions: { reveal: 'Show in folder', open: 'Open' } },
    ])
    t.shown[0]!.on.reveal()
    t.shown[0]!.on.open()
    await Promise.resolve()
    expect(t.library).toEqual(['reveal a-0', 'open a-0'])
  })

  it('tells of a failure with its reason, in the designer’s language, and not when turned off', () => {
    const zh = setup([job('b', { phase: 'pending' })], { language: 'zh-CN' })
    zh.events.emit('job.updated', job('b', { phase: 'failed', error: { code: 'REMOTE_FAILED', message: 'The service could not make this video: content policy', retryable: false } }))
    expect(zh.shown[0]?.notice).toMatchObject({ kind: 'failed', title: '有视频生成失败', body: expect.stringContaining('content policy') })

    const off = setup([job('c', { phase: 'running' }), job('d', { phase: 'running' })], { notifications: { finished: false, failed: true } })
    off.events.emit('job.updated', job('c', { phase: 'done', libraryItemIds: ['c-0'] }))
    expect(off.shown).toEqual([])
    // A job first seen already finished (the engine restarted) is old news.
    off.events.emit('job.updated', job('e', { phase: 'failed' }))
    expect(off.shown).toEqual([])
    expect(noticeLocale('system', 'zh-TW')).toBe('zh-CN')
    expect(noticeLocale('system', 'de-DE')).toBe('en')
  })

  it('shows the mean progress of active jobs on the Dock / taskbar, and no bar when none is active', () => {
    const t = setup([job('a', { phase: 'running', progress: 0.5 }), job('b', { phase: 'queued' })])
    expect(t.progress).toEqual([0.225])
    t.events.emit('job.updated', job('b', { phase: 'downloading' }))
    // Bytes arrive as small `job.progress` events, not as the whole job again.
    t.events.emit('job.progress', { id: 'b', received: 50, total: 100 })
    expect(t.progress.at(-1)).toBeCloseTo((0.45 + 0.95) / 2)
    t.events.emit('job.updated', job('a', { phase: 'done' }))
    t.events.emit('job.updated', job('b', { phase: 'done' }))
    expect(t.progress.at(-1)).toBe(-1)
    expect(taskbarProgress([])).toBe(-1)
    t.stop()
    t.events.emit('job.updated', job('f', { phase: 'running' }))
    expect(t.progress.at(-1)).toBe(-1)
  })
})
