import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent } from 'vue'
import { AppError, invalidInput } from '@shared/errors'
import { problemCodes, type Problem, type ProblemCode } from '@shared/rules/problems'
import { useProblemText } from '@/composables/useProblemText'
import { say } from '@shared/locales'
import { createAppI18n, messages, pluralRule } from '@/i18n'

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

  it('says each shared fact as the desktop shell and the CLI say it, in both languages (shared/locales)', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const { t } = createAppI18n(locale, { strict: true }).global
      expect(t('queue.toast.doneTitle')).toBe(say(locale, 'notices.finished'))
      expect(t('library.detail.reveal')).toBe(say(locale, 'notices.reveal'))
      expect(t('create.slot.emptyHint')).toContain(say(locale, 'formats.images'))
      expect(t('create.intake.notImage', { name: 'notes.txt' })).toContain(say(locale, 'formats.images'))
    }
    expect(createAppI18n('en').global.t('create.intake.notImage', { name: 'notes.txt' })).toBe('“notes.txt” is not an image. Use PNG, JPEG, WebP or GIF.')
    expect(createAppI18n('zh-CN').global.t('queue.toast.doneTitle')).toBe('视频已生成')
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

/** One problem of every code, with params as the engine sends them (a missing code fails to compile). */
const everyProblem = {
  'model.unknown': { code: 'model.unknown', params: { model: 'kestrel-v9' } },
  'mode.unsupported': { code: 'mode.unsupported', params: { model: 'Kestrel 2.1', mode: 'reference', offered: ['t2v', 'i2v'] } },
  'field.notTaken': { code: 'field.notTaken', params: { model: 'Lumen 1 Fast', mode: 't2v', field: 'image' } },
  'prompt.required': { code: 'prompt.required', params: { model: 'Lumen 1', mode: 't2v' } },
  'prompt.tooLong': { code: 'prompt.tooLong', params: { length: 935, max: 800, model: 'Kestrel 2.1' } },
  'image.required': { code: 'image.required', params: { model: 'Kestrel 2.2', mode: 'i2v' } },
  'frame.required': { code: 'frame.required', params: { model: 'Kestrel 2.6', mode: 'first-last', frame: 'last' } },
  'references.tooFew': { code: 'references.tooFew', params: { count: 0, min: 1, max: 3, model: 'Atlas Pro' } },
  'references.tooMany': { code: 'references.tooMany', params: { count: 2, max: 1, model: 'Atlas Lite' } },
  'duration.notOffered': { code: 'duration.notOffered', params: { value: 10, allowed: [5], model: 'Kestrel 2.1' } },
  'resolution.notOffered': { code: 'resolution.notOffered', params: { value: '1080p', allowed: ['1280x720', '720x1280'], model: 'Kestrel 2.1' } },
  'seed.notTaken': { code: 'seed.notTaken', params: { model: 'Kestrel 2.1' } },
  'seed.required': { code: 'seed.required', params: { model: 'Kestrel 2.1' } },
  'audio.notTaken': { code: 'audio.notTaken', params: { model: 'Atlas Pro' } },
  'image.gone': { code: 'image.gone', params: { slot: 'reference', index: 2, name: 'lost.png' } },
  'image.badAspect': { code: 'image.badAspect', params: { slot: 'image', name: 'strip.png', width: 1, height: 10_000, min: 0.4, max: 2.5, model: 'Kestrel 2.2' } },
  'image.tooSmall': { code: 'image.tooSmall', params: { slot: 'first', name: 'icon.png', width: 40, height: 40, minSide: 64 } },
  'image.tooThin': { code: 'image.tooThin', params: { slot: 'last', name: 'strip.png', width: 9000, height: 90, fittedWidth: 4000, fittedHeight: 40, maxPixels: 2_073_600, minSide: 64 } },
  'image.cannotShrink': { code: 'image.cannotShrink', params: { name: 'noise.png', maxBytes: 5 * 1024 * 1024, minSide: 64 } },
  'image.cropOutside': { code: 'image.cropOutside', params: { name: 'dusk.png', width: 1280, height: 720 } },
  'file.missing': { code: 'file.missing', params: { name: '/Users/me/gone.png' } },
  'file.folder': { code: 'file.folder', params: { name: '/Users/me/Pictures' } },
  'file.notRegular': { code: 'file.notRegular', params: { name: '/dev/zero' } },
  'file.unreadable': { code: 'file.unreadable', params: { name: '/Users/me/locked.png', reason: 'permission' } },
  'file.empty': { code: 'file.empty', params: { name: 'empty.png' } },
  'file.tooLarge': { code: 'file.tooLarge', params: { name: 'huge.png', bytes: 140 * 1024 * 1024, max: 100 * 1024 * 1024 } },
  'file.notImage': { code: 'file.notImage', params: { name: 'brief.pdf', kind: 'pdf' } },
  'file.undecodable': { code: 'file.undecodable', params: { name: 'fake.jpg', format: 'jpeg', reason: 'Corrupt JPEG data' } },
  'file.damaged': { code: 'file.damaged', params: { name: 'cut.png', format: 'png', reason: 'truncated' } },
  'file.tooManyPixels': { code: 'file.tooManyPixels', params: { name: 'bomb.png', width: 20_000, height: 15_000, max: 200_000_000 } },
  'disk.full': { code: 'disk.full', params: { folder: '/Volumes/Studio/Reelbox/.reelbox/staging', freeBytes: 3 * 1024 * 1024, needBytes: 20 * 1024 * 1024 } },
  'folder.notWritable': { code: 'folder.notWritable', params: { folder: '/Volumes/Studio/Reelbox', kind: 'library', reason: 'readOnly' } },
  'key.missing': { code: 'key.missing', params: { connection: 'Studio gateway' } },
  'keyframe.missing': { code: 'keyframe.missing', params: { shot: 3, name: 'Harbour film/dusk-0123456789ab.png' } },
  'video.notWhole': { code: 'video.notWhole', params: { name: 'clip.mp4', why: 'cutShort' } },
  'frame.needsFfmpeg': { code: 'frame.needsFfmpeg', params: { name: 'wide.mp4', codec: 'H.264 High (avc1.640028)' } },
  'frame.ffmpegFailed': { code: 'frame.ffmpegFailed', params: { name: 'wide.mp4', codec: null, ffmpeg: '/usr/bin/ffmpeg', why: 'failed', detail: 'Invalid data found when processing input' } },
  'sequence.empty': { code: 'sequence.empty', params: { clips: 0 } },
  'sequence.clipGone': { code: 'sequence.clipGone', params: { index: 2, id: 'job02-0' } },
  'sequence.clipDiffers': { code: 'sequence.clipDiffers', params: { index: 3, name: 'fox.mp4', first: 'cat.mp4', what: 'size', expected: '1920×1080', found: '1280×720' } },
  'storyboard.resolutionNotOffered': { code: 'storyboard.resolutionNotOffered', params: { resolution: '1920x1080', shots: [2, 3] } },
  'storyboard.nameTaken': { code: 'storyboard.nameTaken', params: { name: 'Launch film' } },
  'storyboard.nameInvalid': { code: 'storyboard.nameInvalid', params: { name: 'a/b' } },
  'budget.over': { code: 'budget.over', params: { connection: 'Studio gateway', period: 'day', spent: 450, estimate: 160, budget: 500, currency: 'USD' } },
  'budget.unknownPrice': { code: 'budget.unknownPrice', params: { connection: 'Studio gateway', models: ['Kestrel 9'] } },
  'price.mixed': { code: 'price.mixed', params: { currencies: ['USD', 'EUR'] } },
  'cost.overLimit': { code: 'cost.overLimit', params: { estimate: 320, limit: 100, currency: 'USD' } },
  'service.refused': { code: 'service.refused', params: { field: 'duration', said: 'duration must be one of 5, 10' } },
  'input.invalid': { code: 'input.invalid', params: { path: 'draft.prompt', issue: 'too_big', limit: 20_000, reason: 'Too big: expected string to have <=20000 characters' } },
  'result.unreadable': { code: 'result.unreadable', params: { status: 'ready', path: 'data.outputs', found: 'objects', count: 2, suggestion: 'data.outputs[].url' } },
  'answer.missing': { code: 'answer.missing', params: { paths: ['data.task_status'], suggestion: 'data.state' } },
  'answer.unreadable': { code: 'answer.unreadable', params: { path: 'data.cover', found: 'object' } },
  'answer.notJson': { code: 'answer.notJson', params: { reason: 'Unexpected token < in JSON at position 0' } },
  'pack.refused': { code: 'pack.refused', params: { file: 'another.reelbox-pack.json', field: 'profile.errors.kinds.secret', why: 'unknown', detail: '"secret" is not one of key, parameter, rate, unavailable' } },
  'source.refused': { code: 'source.refused', params: { name: 'catalog.json', why: 'tooLarge', maxBytes: 1024 * 1024 } },
  'source.unreachable': { code: 'source.unreachable', params: { name: 'https://models.example/catalog.json', why: 'status', status: 404 } },
  'poster.refused': { code: 'poster.refused', params: { why: 'format', format: 'gif' } },
  'result.refused': { code: 'result.refused', params: { why: 'notVideo', flaw: 'webPage' } },
  'move.refused': { code: 'move.refused', params: { why: 'notEmpty', count: 3 } },
  'folder.unreadable': { code: 'folder.unreadable', params: { folder: '/Volumes/Studio/Reelbox', reason: 'EACCES' } },
  'shot.notMade': { code: 'shot.notMade', params: { why: 'phase', job: 'job_7f3a', phase: 'paused' } },
  'storyboard.refused': { code: 'storyboard.refused', params: { board: 'harbour', why: 'noTake', shot: 2 } },
  'storyboard.invalid': { code: 'storyboard.invalid', params: { file: 'harbour.storyboard.json', why: 'continueMode', shot: 2, mode: 't2v' } },
} as const satisfies { [C in ProblemCode]: Extract<Problem, { code: C }> }

function wordsIn(locale: 'en' | 'zh-CN'): ReturnType<typeof useProblemText> {
  let words: ReturnType<typeof useProblemText> | undefined
  mount(defineComponent({ setup: () => ((words = useProblemText()), () => null) }), { global: { plugins: [createAppI18n(locale, { strict: true })] } })
  return words!
}

describe('problems from the engine', () => {
  it('every problem code has words in en and zh-CN, with every param filled in', () => {
    expect(Object.keys(everyProblem).sort()).toEqual([...problemCodes].sort())
    const en = wordsIn('en')
    const zh = wordsIn('zh-CN')
    for (const found of Object.values(everyProblem) as Problem[]) {
      for (const text of [en.problem(found), zh.problem(found), en.short(found), zh.short(found)]) {
        expect(text, found.code).not.toMatch(/[{}]|undefined|problems\./)
        expect(text.length, found.code).toBeGreaterThan(5)
      }
      // Chinese words, not the English ones (the params themselves may be names or numbers).
      expect(zh.problem(found), found.code).toMatch(/[\u4e00-\u9fff]/)
      expect(zh.problem(found), found.code).not.toBe(en.problem(found))
    }
  })

  it('names a mode as the mode control does, and says an image’s wrong shape as a designer would, with the way out', () => {
    const en = wordsIn('en')
    const zh = wordsIn('zh-CN')
    expect(en.problem(everyProblem['image.required'])).toBe('Add an image: Kestrel 2.2 needs one in “First frame” mode')
    expect(zh.problem(everyProblem['image.required'])).toBe('请添加图片：Kestrel 2.2 在“首帧”模式下需要一张图片')
    const strip: Problem = { code: 'image.badAspect', params: { slot: 'image', mode: 'i2v', name: 'strip.png', width: 2400, height: 200, min: 0.33, max: 3, model: 'Kestrel 2.6' } }
    expect(en.problem(strip)).toBe('The first frame (strip.png) is 12:1, wider than Kestrel 2.6 takes (1:3 to 3:1). Crop it to fit.')
    expect(en.short(strip)).toBe('12:1 is too wide for Kestrel 2.6 — crop it to fit')
    expect(zh.problem(strip)).toBe('首帧（strip.png）的画面比例为 12:1，比 Kestrel 2.6 接受的范围（1:3 到 3:1）更宽。裁剪后即可使用。')
    expect(en.short(everyProblem['prompt.tooLong'])).toBe('too long — 935 of 800 characters')
    expect(zh.short(everyProblem['prompt.tooLong'])).toBe('太长：935 / 800 个字')
  })

  it('says why a storyboard shot has no take, its job’s phase in the designer’s words', () => {
    const en = wordsIn('en')
    const zh = wordsIn('zh-CN')
    expect(en.problem(everyProblem['shot.notMade'])).toBe('Its job is paused')
    expect(zh.problem(everyProblem['shot.notMade'])).toBe('它的任务已暂停')
    expect(en.problem({ code: 'shot.notMade', params: { why: 'waits', shot: 1 } })).toBe('It waits for shot 1, which has no take')
  })

  it('says why a video is not whole and names a film’s clip by its shot, in each language (no English from the engine)', () => {
    const en = wordsIn('en')
    const zh = wordsIn('zh-CN')
    expect(en.problem(everyProblem['video.notWhole'])).toBe('clip.mp4 is not a whole MP4 or MOV video: it is cut short or damaged')
    expect(zh.problem(everyProblem['video.notWhole'])).toBe('clip.mp4 不是完整的 MP4 或 MOV 视频：它被截断或已损坏')
    // The reader's own words stay as they are, quoted inside the sentence.
    const unreadable: Problem = { code: 'video.notWhole', params: { name: 'odd.mov', why: 'unreadable', detail: 'EACCES: permission denied' } }
    expect(zh.problem(unreadable)).toBe('odd.mov 不是完整的 MP4 或 MOV 视频：它无法读取（EACCES: permission denied）')
    const shot: Problem = { code: 'video.notWhole', params: { name: 'harbour-2.mp4', why: 'fragmented', shot: 2 } }
    expect(en.problem(shot)).toBe('shot 2 (harbour-2.mp4) is not a whole MP4 or MOV video: it is a fragmented MP4, which cannot be joined')
    expect(zh.problem(shot)).toBe('镜头 2（harbour-2.mp4） 不是完整的 MP4 或 MOV 视频：它是分片 MP4，无法拼接')
    const differs: Problem = { code: 'sequence.clipDiffers', params: { index: 3, name: 'c.mp4', first: 'a.mp4', shots: true, what: 'size', expected: '1920×1080', found: '1280×720' } }
    expect(zh.problem(differs)).toContain('镜头 3（c.mp4）为 1280×720，而镜头 1（a.mp4）为 1920×1080')
    expect(en.problem(differs)).toContain('Shot 3 (c.mp4) is 1280×720, and shot 1 (a.mp4) is 1920×1080. Shots are joined')
    // A result that was not kept says why in the Queue's language too (it was English only).
    expect(zh.problem(everyProblem['result.refused'])).toBe('结果是网页，不是视频，未保留。')
    expect(en.problem({ code: 'result.refused', params: { why: 'tooLarge', max: 2048 * 1024 * 1024 } })).toBe('The result is larger than the 2 GB limit per result (Settings → Jobs); it was not kept.')
    // A sequence's clips are named by their files, as the Sequence screen names them.
    expect(en.problem(everyProblem['sequence.clipDiffers'])).toContain('Clip 3 (fox.mp4) is 1280×720, and clip 1 (cat.mp4) is 1920×1080')
  })

  it('counts with each language’s own plural rules', () => {
    const en = wordsIn('en')
    const zh = wordsIn('zh-CN')
    const tooFew = (min: number): Problem => ({ code: 'references.tooFew', params: { count: 0, min, max: 3, model: 'Atlas Pro' } })
    expect(en.problem(tooFew(1))).toBe('Add at least 1 reference image: Atlas Pro takes 1 to 3')
    expect(en.problem(tooFew(2))).toBe('Add at least 2 reference images: Atlas Pro takes 2 to 3')
    expect(zh.problem(tooFew(1))).toBe('请至少添加 1 张参考图：Atlas Pro 接受 1 到 3 张')
    expect(zh.problem(tooFew(2))).toBe('请至少添加 2 张参考图：Atlas Pro 接受 2 到 3 张')
    expect([pluralRule('en')(1, 2), pluralRule('en')(0, 2), pluralRule('en')(5, 2), pluralRule('zh-CN')(1, 1), pluralRule('zh-CN')(5, 1)]).toEqual([0, 1, 1, 0, 0])
  })

  it('words an error without a problem by its code outside English, and never shows a field problem’s log line', () => {
    const disk = new AppError('DISK', 'Could not store x.png in /data/inputs: ENOSPC')
    expect(wordsIn('en').error(disk)).toBe(disk.message)
    expect(wordsIn('zh-CN').error(disk)).toBe('无法读写本机上的文件。')
    const refused = invalidInput({ prompt: [everyProblem['prompt.tooLong']] })
    expect(refused.message).toMatch(/prompt\.tooLong/)
    expect(wordsIn('en').error(refused)).toBe('The prompt is 935 characters; Kestrel 2.1 takes at most 800')
  })
})
