import { describe, expect, it } from 'vitest'
import { Catalog, type Model } from '../../../shared/catalog'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'

const catalog = Catalog.parse(defaultCatalog)
const model = (id: string): Model => {
  const found = catalog.models.find((m) => m.id === id)
  if (!found) throw new Error(`no ${id}`)
  return found
}

describe('the default catalogue (spec §1: three families)', () => {
  it('is valid, says its IDs are placeholders, and has exactly the IDs other parts depend on', () => {
    expect(catalog.placeholder).toBe(true)
    expect(catalog.families.map((f) => [f.id, f.name])).toEqual([
      ['lumen', 'Lumen'],
      ['kestrel', 'Kestrel 2.x'],
      ['atlas', 'Atlas'],
    ])
    expect(catalog.models.map((m) => m.id)).toEqual([
      'lumen-1',
      'lumen-1-fast',
      'kestrel-v2.1',
      'kestrel-v2.2',
      'kestrel-v2.5',
      'kestrel-v2.6',
      'kestrel-v2.7',
      'atlas-lite',
      'atlas-pro',
      'atlas-max',
    ])
  })

  it('uses t2v for text-to-video and i2v for first-frame and reference (§4.1)', () => {
    for (const m of catalog.models) {
      if (m.modes.t2v) expect(m.modes.t2v.action).toBe('t2v')
      if (m.modes.i2v) expect(m.modes.i2v.action).toBe('i2v')
      if (m.modes.reference) expect(m.modes.reference.action).toBe('i2v')
    }
    expect(model('kestrel-v2.7').modes['first-last']?.action).toBe('flf2v')
  })

  it('gives Lumen text, first-frame and reference modes, and the fast variant fewer options', () => {
    expect(Object.keys(model('lumen-1').modes).sort()).toEqual(['i2v', 'reference', 't2v'])
    expect(Object.keys(model('lumen-1-fast').modes).sort()).toEqual(['i2v', 't2v'])
    expect(model('lumen-1-fast').modes.t2v?.fields['seed']).toBeUndefined()
  })

  it('makes the Kestrel versions visibly different in request structure (§9)', () => {
    const signature = (id: string) => {
      const m = model(id)
      return JSON.stringify({
        image: m.modes.i2v?.image,
        headtail: m.modes['first-last']?.headtailImages,
        character: m.modes.reference?.characterImages?.format,
        seed: 'seed' in (m.modes.t2v?.fields ?? {}),
        durations: m.modes.t2v?.durations,
        resolutions: m.modes.t2v?.resolutions,
        audio: m.modes.t2v?.audio?.field,
        firstLastAction: m.modes['first-last']?.action,
      })
    }
    const versions = ['kestrel-v2.1', 'kestrel-v2.2', 'kestrel-v2.5', 'kestrel-v2.6', 'kestrel-v2.7']
    expect(new Set(versions.map(signature)).size).toBe(5)
    expect(model('kestrel-v2.1').modes.i2v?.image).toMatchObject({ shape: 'string', encoding: 'base64' })
    expect(model('kestrel-v2.2').modes.i2v?.image).toMatchObject({ shape: 'object', key: 'imageUrl' })
    expect(model('kestrel-v2.5').modes['first-last']?.headtailImages).toMatchObject({ first: 'head', last: 'tail', format: { shape: 'string' } })
    expect(model('kestrel-v2.6').modes['first-last']?.headtailImages).toMatchObject({ first: 'firstFrame', last: 'lastFrame', format: { shape: 'object' } })
    expect(model('kestrel-v2.6').modes.reference?.characterImages?.format.shape).toBe('object')
  })

  it('makes the Atlas series differ in reference count, duration, resolution and audio', () => {
    const series = ['atlas-lite', 'atlas-pro', 'atlas-max'].map(model)
    expect(series.map((m) => m.modes.reference?.characterImages?.max)).toEqual([1, 3, 7])
    expect(series.map((m) => m.modes.t2v?.durations)).toEqual([[5], [5, 10], [5, 10, 15]])
    expect(new Set(series.map((m) => JSON.stringify(m.modes.t2v?.resolutions))).size).toBe(3)
    expect(series.map((m) => Boolean(m.modes.t2v?.audio))).toEqual([false, false, true])
  })

  it('gives every model realistic image limits and a prompt limit in every mode', () => {
    for (const m of catalog.models) {
      expect(m.imageLimits.maxBytes).toBeLessThanOrEqual(20 * 1024 * 1024)
      expect(m.imageLimits.maxPixels).toBeLessThanOrEqual(4096 * 4096)
      expect(m.imageLimits.minAspect).toBeLessThan(1)
      expect(m.imageLimits.maxAspect).toBeGreaterThan(1)
      for (const spec of Object.values(m.modes)) expect(spec?.prompt?.maxLength).toBeGreaterThan(0)
    }
    expect(new Set(catalog.models.flatMap((m) => Object.values(m.modes).map((s) => s?.prompt?.maxLength))).size).toBeGreaterThanOrEqual(3)
  })
})
