import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Catalog, type Model } from '../../../shared/catalog'
import { estimate, formatMoney, lineFor, submissionLines, sumMoney, toAmount, toMoney, videoCost, type Price } from '../../../shared/rules/price'

/** Price rules (issue 26): the built-in catalogue's example prices, and prices written for the case. */
const catalog = Catalog.parse(JSON.parse(readFileSync('electron/core/catalog/default-catalog.json', 'utf8')))
const find = (id: string): Model | undefined => catalog.models.find((model) => model.id === id)
const usd = (minor: number) => ({ minor, currency: 'USD' })

describe('what a submission costs', () => {
  it('per video: 4 variations of a $0.40 model are $1.60, said as an example', () => {
    const cost = estimate(submissionLines(find, { modelId: 'lumen-1-fast', mode: 't2v', prompt: 'x' }, ['lumen-1-fast'], 4))
    expect(cost).toEqual({ kind: 'known', money: usd(160), videos: 4, example: true })
    expect(formatMoney(usd(160), 'en')).toBe('$1.60')
  })

  it('per second: the length sent counts, the model’s default when the draft leaves it out', () => {
    expect(lineFor(find('kestrel-v2.2'), { modelId: 'kestrel-v2.2', mode: 't2v', duration: 10 }).each).toEqual(usd(50))
    expect(lineFor(find('kestrel-v2.2'), { modelId: 'kestrel-v2.2', mode: 't2v' }).each).toEqual(usd(25)) // default 5 s
    // A fee per video and a price per second add up: $0.30 + 10 × $0.06.
    expect(lineFor(find('atlas-pro'), { modelId: 'atlas-pro', mode: 't2v', duration: 10 }).each).toEqual(usd(90))
  })

  it('a resolution’s own rate replaces the model’s', () => {
    expect(lineFor(find('lumen-1'), { modelId: 'lumen-1', mode: 't2v', duration: 10, resolution: '1080p' }).each).toEqual(usd(120))
    expect(lineFor(find('lumen-1'), { modelId: 'lumen-1', mode: 't2v', duration: 10, resolution: '720p' }).each).toEqual(usd(80))
    const price: Price = { currency: 'USD', perSecond: 0.1, resolutions: { '4k': { perVideo: 2 } } }
    expect(videoCost(price, '4k', 10)).toEqual(usd(200)) // the entry's fee alone, not plus the model's seconds
  })

  it('several models and variations: each model’s own draft, summed in cents', () => {
    const draft = { modelId: 'lumen-1', mode: 't2v' as const, prompt: 'a paper boat', duration: 10 }
    const lines = submissionLines(find, draft, ['lumen-1', 'atlas-lite', 'kestrel-v2.6'], 3)
    // Each at its best resolution unless chosen: Lumen 1 at 1080p, 10 s × $0.12; Atlas Lite takes no duration (a flat $0.30); Kestrel 2.6 at 1920x1080, 10 s × $0.14.
    expect(lines.map((line) => line.each?.minor)).toEqual([120, 30, 140])
    expect(estimate(lines)).toMatchObject({ kind: 'known', money: usd(3 * (120 + 30 + 140)), videos: 9 })
  })

  it('never drifts: amounts finer than a cent are exact, and each video is rounded half up', () => {
    const price: Price = { currency: 'USD', perSecond: 0.014 }
    expect(videoCost(price, undefined, 5)).toEqual(usd(7)) // 0.07
    expect(videoCost(price, undefined, 7)).toEqual(usd(10)) // 0.098 → 0.10
    const tenths = Array.from({ length: 30 }, () => videoCost({ currency: 'USD', perVideo: 0.1 }, undefined, undefined)!)
    expect(sumMoney(tenths)).toEqual({ kind: 'sum', money: usd(300) })
    expect(toAmount(usd(300))).toBe(3)
    expect(toMoney(1.005, 'USD')).toEqual(usd(101))
    expect(toMoney(0.1 + 0.2, 'USD')).toEqual(usd(30))
    expect(toMoney(1500, 'JPY')).toEqual({ minor: 1500, currency: 'JPY' })
  })

  it('a model without a price is unknown, named, and never 0', () => {
    const unpriced: Model = { ...find('lumen-1-fast')!, id: 'mystery', price: undefined }
    const lookup = (id: string) => (id === 'mystery' ? unpriced : find(id))
    const cost = estimate(submissionLines(lookup, { modelId: 'mystery', mode: 't2v' }, ['lumen-1-fast', 'mystery'], 2))
    expect(cost).toEqual({ kind: 'unknown', videos: 4, models: ['mystery'] })
    // Per second with no length to count is unknown too.
    expect(videoCost({ currency: 'USD', perSecond: 0.1 }, undefined, undefined)).toBeUndefined()
  })

  it('refuses to add different currencies', () => {
    const eur: Model = { ...find('lumen-1-fast')!, id: 'euro', price: { currency: 'EUR', perVideo: 0.5 } }
    const lookup = (id: string) => (id === 'euro' ? eur : find(id))
    expect(estimate(submissionLines(lookup, { modelId: 'euro', mode: 't2v' }, ['euro', 'lumen-1-fast'], 1))).toEqual({ kind: 'mixed', videos: 2, currencies: ['EUR', 'USD'] })
    expect(sumMoney([usd(1), { minor: 1, currency: 'EUR' }])).toEqual({ kind: 'mixed', currencies: ['USD', 'EUR'] })
  })

  it('the Sandbox costs nothing, whatever the catalogue says', () => {
    expect(estimate(submissionLines(find, { modelId: 'atlas-max', mode: 't2v' }, ['atlas-max'], 8), { free: true })).toEqual({ kind: 'free', videos: 8 })
  })

  it('formats in the designer’s language', () => {
    expect(formatMoney(usd(160), 'zh-CN')).toBe('US$1.60')
    expect(formatMoney({ minor: 1234, currency: 'EUR' }, 'en')).toBe('€12.34')
  })

  it('the catalogue refuses a price it could not read exactly', () => {
    const bad = structuredClone(JSON.parse(readFileSync('electron/core/catalog/default-catalog.json', 'utf8'))) as { models: Array<{ price: unknown }> }
    bad.models[0]!.price = { currency: 'usd', perVideo: -1 }
    const issues = Catalog.safeParse(bad).error?.issues.map((issue) => issue.path.join('.'))
    expect(issues).toEqual(expect.arrayContaining(['models.0.price.currency', 'models.0.price.perVideo']))
  })
})
