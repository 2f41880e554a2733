/**
 * The video check in front of the library (issue 10 item 5), on real MP4s from the Sandbox's
 * encoder and the files a hostile or broken server really sends.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyVideo } from '../../../electron/core/downloads/verify'
import { AppError } from '../../../shared/errors'
import { makeMp4 } from '../library/support/mp4'
import { useTempDir } from '../../support/temp'

interface TopBox {
  type: string
  bytes: Buffer
}

function topBoxes(file: Buffer): TopBox[] {
  const boxes: TopBox[] = []
  for (let at = 0; at < file.length; ) {
    const size = file.readUInt32BE(at)
    boxes.push({ type: file.toString('latin1', at + 4, at + 8), bytes: file.subarray(at, at + size) })
    at += size
  }
  return boxes
}

/** The same movie with its index first ("fast start"), its chunk offsets moved to match. */
function fastStart(file: Buffer): Buffer {
  const boxes = topBoxes(file)
  const moov = Buffer.from(boxes.find((b) => b.type === 'moov')!.bytes)
  for (let at = moov.indexOf('stco'); at !== -1; at = moov.indexOf('stco', at + 4)) {
    const count = moov.readUInt32BE(at + 8)
    for (let i = 0; i < count; i++) moov.writeUInt32BE(moov.readUInt32BE(at + 12 + i * 4) + moov.length, at + 12 + i * 4)
  }
  const rest = boxes.filter((b) => b.type !== 'moov' && b.type !== 'ftyp').map((b) => b.bytes)
  return Buffer.concat([boxes.find((b) => b.type === 'ftyp')!.bytes, moov, ...rest])
}

let mp4: Buffer
let dir: string
beforeAll(async () => {
  mp4 = await makeMp4({ frames: 24 })
  dir = await useTempDir('reelbox-verify-')
})

async function written(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}`)
  await writeFile(file, bytes)
  return file
}

async function verdict(bytes: Buffer): Promise<string> {
  const file = await written(bytes)
  return verifyVideo(file).then(
    () => 'ok',
    (error: unknown) => {
      expect(error).toMatchObject({ code: 'PROTOCOL', retryable: false })
      return (error as AppError).message
    },
  )
}

describe('only a whole video passes', () => {
  it('a whole MP4, index last or first', async () => {
    expect(await verdict(mp4)).toBe('ok')
    expect(await verdict(fastStart(mp4))).toBe('ok')
  })

  it('a file cut short anywhere: after 100 bytes, halfway, one byte before the end', async () => {
    for (const size of [100, mp4.length >> 1, mp4.length - 1]) expect(await verdict(mp4.subarray(0, size))).toMatch(/^The result is cut short or damaged: its MP4 boxes end at byte \d+ of \d+/)
  })

  it('a fast-start file whose frames were cut, even when its last box says "to the end of the file"', async () => {
    const whole = fastStart(mp4)
    const mdat = whole.indexOf('mdat') - 4
    const open = Buffer.from(whole)
    open.writeUInt32BE(0, mdat) // size 0: the box runs to the end of the file, however long
    expect(await verdict(open)).toBe('ok')
    expect(await verdict(open.subarray(0, open.length - 200))).toMatch(/^The result is cut short: its frames need \d+ bytes and it has \d+/)
  })

  it('what a server sends instead of a video, said in a few words and never echoed', async () => {
    expect(await verdict(Buffer.from('<!doctype html><h1>ADMIN-SECRET-CONTENT</h1>'))).toBe('The result is a web page, not a video; it was not kept.')
    // What it is, as a code the Queue and the CLI word in the designer's language.
    const page = await verifyVideo(await written(Buffer.from('<html>'))).catch((error: unknown) => AppError.from(error))
    expect(page?.problem).toEqual({ code: 'result.refused', params: { why: 'notVideo', flaw: 'webPage' } })
    expect(await verdict(Buffer.alloc(200 * 1024, 'A'))).toBe('The result is text, not a video; it was not kept.')
    expect(await verdict(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toMatch(/is a WebM\/Matroska video, and Reelbox keeps MP4 and MOV results only/)
    expect(await verdict(Buffer.alloc(0))).toBe('The result is empty; it was not kept.')
    expect(await verdict(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('The result is not a video file; it was not kept.')
  })
})
