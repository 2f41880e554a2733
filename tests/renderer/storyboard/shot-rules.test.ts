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
    // Lumen 1 has no first & last: its nearest mode is first frame, which takes neither slot.
    expect(lumen.shot).toEqual({ prompt: 'the door opens', model: 'lumen-1', mode: 'i2v', duration: 10, resolution: '1080p' })
    expect(lumen.gone.sort()).toEqual(['first', 'last'])
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
