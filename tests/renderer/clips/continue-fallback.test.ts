import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { defineComponent } from 'vue'
import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { problem } from '@shared/rules/problems'
import { createAppI18n } from '@/i18n'
import { useContinue } from '@/composables/useContinue'
import { useToastsStore } from '@/stores/toasts'
import { installFakeEngine } from '../support/fake-engine'

/**
 * Continue from a library clip the page cannot decode (here no WebCodecs at all; in Chromium, HEVC
 * in many builds): the engine is asked for the last frame instead, and its refusal reaches the
 * designer in their words, naming the clip, its codec and what to do.
 */
describe('Continue when the page cannot decode the clip', () => {
  it.each([
    ['en', 'The last frame of logo.mp4 cannot be read: its video is HEVC Main (hvc1.1.6.L93.B0), and without ffmpeg Reelbox reads H.264 Baseline only. Install ffmpeg, or set its path in Settings → Library folder.'],
    ['zh-CN', '无法读取 logo.mp4 的最后一帧：它的视频是 HEVC Main (hvc1.1.6.L93.B0)，没有 ffmpeg 时 Reelbox 只能读取 H.264 Baseline。请安装 ffmpeg，或在“设置 → 作品库文件夹”中设置其路径。'],
  ] as const)('asks the engine, and says its refusal (%s)', async (locale, words) => {
    const engine = installFakeEngine({
      'library.get': () => ({ item: { id: 'logo-0', fileName: 'logo.mp4' }, sidecar: undefined }),
      'library.lastFrame': () => {
        throw new AppError('INVALID_INPUT', 'frame.needsFfmpeg', { details: { problem: problem('frame.needsFfmpeg', { name: 'logo.mp4', codec: 'HEVC Main (hvc1.1.6.L93.B0)' }) } })
      },
    })
    const pinia = createPinia()
    setActivePinia(pinia)
    let started: Promise<boolean> | undefined
    mount(
      defineComponent({
        setup() {
          started = useContinue().fromItem('logo-0')
          return () => null
        },
      }),
      { global: { plugins: [pinia, createAppI18n(locale, { strict: true })] } },
    )
    expect(await started).toBe(false)
    await flushPromises()
    expect(engine.calls.find((call) => call.method === 'library.lastFrame')?.input).toEqual({ id: 'logo-0' })
    expect(useToastsStore().toasts.map((toast) => toast.body)).toEqual([words])
  })
})
