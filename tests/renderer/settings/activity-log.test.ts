/**
 * Engine activity in the designer's language (issue 22 item 13): the engine's own logger writes a
 * line as a code with parameters (its English kept for the log file), and Settings → Engine
 * activity says it in 简体中文 when the page speaks it.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import type { LogLine } from '@shared/contract'
import { createAppI18n, type Locale } from '@/i18n'
import ActivityLog from '@/components/settings/ActivityLog.vue'
import { useEngineStore } from '@/stores/engine'
import { createLogHub } from '../../../electron/core/logger'
import { installFakeEngine } from '../support/fake-engine'

/** Lines as the engine logs them: a refused WebSocket, a count, and a key that must stay hidden. */
function engineLines(): LogLine[] {
  const hub = createLogHub(() => Date.UTC(2026, 10, 26, 9, 30))
  hub.addSecret('sk-live-123456')
  hub.root.scope('web').warn('web.socketRefused.token')
  hub.root.scope('jobs').info('jobs.swept', { count: 3, folder: '/videos/.staging' })
  hub.root.scope('secrets').warn('secrets.store.keychain.unavailable', { code: 'keychain.unavailable', os: 'locked while saving sk-live-123456' })
  return hub.recent(10)
}

async function shown(locale: Locale, lines: LogLine[]): Promise<string[]> {
  const pinia = createPinia()
  setActivePinia(pinia)
  installFakeEngine({ 'app.info': () => ({ shell: 'web' }), 'app.recentLog': () => lines })
  await useEngineStore().start()
  const wrapper = mount(ActivityLog, { global: { plugins: [pinia, createAppI18n(locale, { strict: true })] } })
  await flushPromises()
  const messages = wrapper.findAll('.message').map((node) => node.text())
  wrapper.unmount()
  return messages
}

describe('engine activity', () => {
  it('says the engine’s lines in 简体中文, while the line keeps its English for the log file', async () => {
    const lines = engineLines()
    expect(lines.map((line) => line.message)).toEqual([
      'Refused a WebSocket: missing or wrong token.',
      'Swept 3 files nobody will finish from /videos/.staging.',
      'Key store: the keychain refused: “locked while saving [redacted]”',
    ])
    // Newest first.
    expect(await shown('zh-CN', lines)).toEqual(['密钥存储：钥匙串拒绝了请求：“locked while saving [redacted]”', '已从 /videos/.staging 清理 3 个不会再完成的文件。', '已拒绝一个 WebSocket：令牌缺失或错误。'])
    expect(await shown('en', lines)).toEqual(lines.map((line) => line.message).reverse())
  })

  it('says a line from a newer engine, whose code this page does not know, in the engine’s English', async () => {
    const line: LogLine = { time: 1, level: 'info', scope: 'jobs', message: 'Something new happened.', code: 'jobs.somethingNew', params: {} }
    expect(await shown('zh-CN', [line])).toEqual(['Something new happened.'])
  })
})
