import { describe, expect, it } from 'vitest'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { Catalog } from '@shared/catalog'
import { adaptShot, shotAfter, withModel } from '@/stores/storyboard-shot'

/**
 * A storyboard shot's settings under its model's rules (issue 28 item 1): the shared rules Create
 * uses, over the shot; what a new model or mode does not take leaves the shot and is named.
 */
const catalog = Catalog.parse(defaultCatalog)
const model = (id: string) => catalog.models.find((m) => m.id === id)!

describe('a shot under its model', () => {
  it('keeps first and last frames on a model with that mode, and names them when the next model has none', () => {
    const shot = { prompt: 'the door opens', model: 'kestrel-v2.5', mode: 'first-last' as const, duration: 10, resolution: '1080p', first: 'b/door-a.png', last: 'b/door-b.png' }
    expect(adaptShot(model('kestrel-v2.5'), shot)).toEqual({ shot, gone: [] })
    const lumen = withModel(model('lumen-1'), shot)
    // Lumen 1 has no first & last: its nearest mode is first frame, which takes the first frame (as Create carries it), not the last.
    expect(lumen.shot).toEqual({ prompt: 'the door opens', model: 'lumen-1', mode: 'i2v', duration: 10, resolution: '1080p', image: 'b/door-a.png' })
    expect(lumen.gone).toEqual(['last'])
  })

  it('keeps the picture across a switch of mode, as Create does: the first frame of one mode is the first frame of the other', () => {
    const i2v = { prompt: 'the door opens', model: 'kestrel-v2.5', mode: 'i2v' as const, duration: 10, resolution: '1080p', image: 'b/door-a.png' }
    const firstLast = adaptShot(model('kestrel-v2.5'), { ...i2v, mode: 'first-last' })
    expect(firstLast).toEqual({ shot: { ...i2v, mode: 'first-last', image: undefined, first: 'b/door-a.png' }, gone: [] })
    expect('image' in firstLast.shot).toBe(false)
    // Back, with a last frame added: the first frame is the image again; the last, which i2v has no place for, is named.
    const back = adaptShot(model('kestrel-v2.5'), { ...firstLast.shot, last: 'b/door-b.png', mode: 'i2v' })
    expect(back.shot).toEqual(i2v)
    expect(back.gone).toEqual(['last'])
    // To text and back: text has no place for it, so it is named as set aside (the shot keeps nothing it would not send).
    expect(adaptShot(model('kestrel-v2.5'), { ...i2v, mode: 't2v' }).gone).toEqual(['image'])
  })

  it('gives way to the model’s offer for a duration or resolution it does not have, and says so', () => {
    const next = withModel(model('lumen-1-fast'), { prompt: 'rain', model: 'lumen-1', mode: 't2v', duration: 10, resolution: '1080p', seed: 7 })
    expect(next.shot).toEqual({ prompt: 'rain', model: 'lumen-1-fast', mode: 't2v', duration: 5, resolution: '720p' })
    expect(next.gone.sort()).toEqual(['duration', 'resolution', 'seed'])
  })

  it('cuts a continuing shot whose mode is no longer image-to-video', () => {
    const next = adaptShot(model('lumen-1'), { prompt: 'on', model: 'lumen-1', mode: 't2v', continues: true })
    expect(next.shot.continues).toBeUndefined()
    expect(adaptShot(model('lumen-1'), { prompt: 'on', model: 'lumen-1', mode: 'i2v', continues: true }).shot.continues).toBe(true)
  })

  it('adds a shot after the last with its model, length and size, as text', () => {
    expect(shotAfter(model('kestrel-v2.5'), { prompt: 'x', model: 'kestrel-v2.5', mode: 'first-last', duration: 10, resolution: '720p', first: 'a.png' }, 'lumen-1')).toEqual({ prompt: '', model: 'kestrel-v2.5', mode: 't2v', duration: 10, resolution: '720p' })
    expect(shotAfter(model('lumen-1'), undefined, 'lumen-1')).toMatchObject({ prompt: '', model: 'lumen-1', mode: 't2v' })
  })
})
