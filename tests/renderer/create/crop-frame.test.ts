import { describe, expect, it } from 'vitest'
import { initialFrame, moveFrame, resizeFrame, shapesWithin, toPixels, type Bounds } from '@/components/create/crop-frame'

/** The crop frame's geometry: inside the image, within the model's shapes, never under its smallest side. */
const strip: Bounds = { image: { width: 2400, height: 200 }, min: 1 / 3, max: 3, minSide: 64 }

describe('the crop frame', () => {
  it('starts as the largest frame of the shape, centred: the preset’s, else the image’s brought into range', () => {
    expect(initialFrame(strip)).toEqual({ left: 900, top: 0, width: 600, height: 200 })
    expect(toPixels(initialFrame({ ...strip, lock: 16 / 9 }), strip.image)).toEqual({ left: 1022, top: 0, width: 356, height: 200 })
    expect(shapesWithin(1 / 3, 3).map(([name]) => name)).toEqual(['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'])
    expect(shapesWithin(0.5, 2).map(([name]) => name)).toEqual(['16:9', '9:16', '1:1', '4:3', '3:4'])
  })

  it('moves inside the image only', () => {
    const frame = initialFrame(strip)
    expect(moveFrame(frame, 5000, 50, strip.image)).toEqual({ ...frame, left: 1800, top: 0 })
    expect(moveFrame(frame, -5000, 0, strip.image).left).toBe(0)
  })

  it('resizes from a corner within the range of shapes, or at the preset’s, never out of the image or under the smallest side', () => {
    const frame = initialFrame(strip)
    // Dragged far right: as wide as the range allows (3:1 with the image's 200 px height).
    expect(resizeFrame(frame, 'se', { x: 2400, y: 200 }, strip)).toEqual({ left: 900, top: 0, width: 600, height: 200 })
    // Dragged to a sliver: held at the smallest side the model takes.
    const small = resizeFrame(frame, 'se', { x: 905, y: 5 }, strip)
    expect(Math.min(small.width, small.height)).toBeCloseTo(64)
    // A preset keeps its shape whichever way the pointer goes.
    const square = resizeFrame({ left: 0, top: 0, width: 100, height: 100 }, 'se', { x: 300, y: 120 }, { ...strip, lock: 1 })
    expect(square.width).toBeCloseTo(square.height)
    expect(square.height).toBeLessThanOrEqual(200)
    // From the top-left corner, the bottom-right stays where it was.
    const nw = resizeFrame(frame, 'nw', { x: 1000, y: 50 }, strip)
    expect(nw.left + nw.width).toBeCloseTo(1500)
    expect(nw.top + nw.height).toBeCloseTo(200)
  })
})
