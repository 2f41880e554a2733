import { execFile } from 'node:child_process'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sidecar } from '../../shared/library'
import { STORYBOARD_TAG } from '../../shared/media'
import { ffprobe } from '../support/ffmpeg'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * The Storyboard screen (issue 28 item 3) as a designer meets it in real Chromium against web mode
 * and the built-in Sandbox: an empty library says how to start; a board in the library's
 * Storyboards folder opens as a row of shot cards; Generate all makes every shot in order (shot 2
 * on shot 1's last frame); another take of shot 1, then picking its first take again, leaves shot 2
 * stale until it is remade from that take; the picked takes played through; a shot moved away
 * and back by keyboard; the film exports
 * into the library and plays as long as its picked takes.
 */
const run = promisify(execFile)
let open: OpenApp
const shots = '[data-testid=storyboard-shot]'
const made = `${shots}[data-state=made]`

/** Frames per second of a file's video, as ffprobe reads it ("24/1"). */
async function frameRate(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate', '-of', 'csv=p=0', file])
  const [num, den] = stdout.trim().split('/').map(Number)
  return num! / (den ?? 1)
}

/** The library's takes (never the film in Sequences/) by item id: their files and sidecars. */
async function takesById(): Promise<Map<string, { file: string; sidecar: Sidecar }>> {
  const root = open.app.libraryDir
  const names = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.json') && !/^(\.reelbox|Sequences|Storyboards)/.test(name))
  const found = await Promise.all(names.map(async (name) => ({ file: path.join(root, name.replace(/\.json$/, '.mp4')), sidecar: JSON.parse(await readFile(path.join(root, name), 'utf8')) as Sidecar })))
  return new Map(found.map((take) => [take.sidecar.id, take]))
}

beforeAll(async () => {
  open = await openApp({ viewport: { width: 1280, height: 800 } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

describe('the Storyboard screen', () => {
  it('tells a designer with no storyboard how to start', async () => {
    const { page } = open
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-empty]').waitFor()
    expect(await page.textContent('[data-testid=storyboard-empty]')).toContain('.storyboard.json')
    await shotBoth(open, 'storyboard-empty')
  })

  it('opens a board as shot cards, generates every shot in order, remakes what follows a picked take, and exports the film', { timeout: testMs(videosMs(3), WORK_MS) }, async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    const board = {
      title: 'Launch film',
      shots: [
        { prompt: 'a wide shot of a glass bottle on a stone table at dawn, soft mist drifting through the frame', model: 'lumen-1', mode: 't2v', duration: 5 },
        { prompt: 'the camera pushes in on the label', model: 'lumen-1', mode: 'i2v', duration: 5, continues: true },
        { prompt: 'the logo on black', model: 'lumen-1', mode: 't2v', duration: 5 },
      ],
    }
    await writeFile(path.join(folder, 'launch.storyboard.json'), JSON.stringify(board, null, 2))

    // Coming back to the screen reads the folder again.
    await page.click('[data-screen=library]')
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Launch film' }).click()
    await expect.poll(() => page.locator(shots).count()).toBe(3)
    expect(await page.locator(`${shots}[data-state=new]`).count()).toBe(3)
    expect(await page.textContent('[data-testid=storyboard-estimate]')).toContain('3 videos')
    expect(await page.locator('[data-testid=storyboard-export]').isDisabled()).toBe(true)
    await shotBoth(open, 'storyboard-new')

    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(made).count(), { timeout: videosMs(3) }).toBe(3)
    expect(await page.locator('[data-testid=storyboard-take]').count()).toBe(3)
    expect(await page.textContent('[data-testid=storyboard-estimate]')).toBe('Every shot has its take')
    expect(await page.locator('[data-testid=storyboard-generate]').isDisabled()).toBe(true)
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid=storyboard-take]')].every((v) => v.readyState >= 2))
    await shotBoth(open, 'storyboard-made')
    await page.setViewportSize({ width: 1024, height: 700 })
    await shotBoth(open, 'storyboard-made-1024')
    await page.setViewportSize({ width: 1280, height: 800 })

    // Another take of shot 1: it is played, and shot 2 is remade from it; shot 3 is left alone.
    const card = (n: number) => page.locator(shots).nth(n - 1)
    await card(1).locator('[data-testid=storyboard-regenerate]').click()
    await expect.poll(() => card(1).locator('[data-testid=storyboard-takes] [role=radio]').count(), { timeout: videosMs(2) }).toBe(2)
    await page.locator('[data-testid=storyboard-regenerate]:not(:disabled)').first().waitFor({ timeout: videosMs(2) })
    expect(await card(2).locator('[data-testid=storyboard-takes] [role=radio]').count()).toBe(2)
    expect(await card(3).locator('[data-testid=storyboard-takes]').count()).toBe(0)

    // Pick shot 1's first take again, by keyboard: shot 2 no longer follows it, so it is stale.
    await card(1).locator('[data-testid=storyboard-takes] [role=radio][aria-checked=true]').focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => card(2).getAttribute('data-state')).toBe('stale')
    expect(await card(1).getAttribute('data-state')).toBe('made')
    expect(await card(3).getAttribute('data-state')).toBe('made')
    expect(await page.textContent('[data-testid=storyboard-estimate]')).toContain('1 video')
    await shotBoth(open, 'storyboard-stale')

    // Generate all remakes shot 2 alone, on the last frame of the take now picked for shot 1.
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(made).count(), { timeout: videosMs(1) }).toBe(3)
    expect(await card(2).locator('[data-testid=storyboard-takes] [role=radio]').count()).toBe(3)
    expect(await card(3).locator('[data-testid=storyboard-takes]').count()).toBe(0)
    // The takes in play, as each card plays them; shot 1's is its first take.
    const library = await takesById()
    const sources = await Promise.all([1, 2, 3].map((n) => card(n).locator('[data-testid=storyboard-take]').getAttribute('src')))
    const picked = sources.map((src) => [...library.keys()].find((id) => src?.includes(encodeURIComponent(id)) || src?.includes(id)))
    expect(await card(1).locator('[data-testid=storyboard-takes] [role=radio]').first().getAttribute('aria-checked')).toBe('true')
    expect(library.get(picked[1]!)?.sidecar.continues?.itemId).toBe(picked[0])

    // Play through the picked takes: the player runs from shot 1 into shot 2, and shot 2's card shows it is in play.
    await page.locator('[data-testid=sequence-player]').waitFor()
    expect(await page.locator('[data-testid=sequence-player] .segment').count()).toBe(3)
    expect(await page.getAttribute('[data-testid=sequence-video]', 'src')).toContain(picked[0]!)
    await page.locator('[data-testid=sequence-play]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.textContent('[data-testid=sequence-now]'), { timeout: WORK_MS }).toBe('Clip 2 of 3')
    await expect.poll(() => card(2).evaluate((el) => el.classList.contains('in-play'))).toBe(true)
    expect(await page.getAttribute('[data-testid=sequence-video]', 'src')).toContain(picked[1]!)
    await page.keyboard.press('Enter')
    await shotBoth(open, 'storyboard-playing')

    // Shot 3 moved earlier and back, by keyboard; the focus stays on the shot moved.
    await card(3).locator('[data-move=earlier]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => card(2).locator('[data-testid=storyboard-prompt]').inputValue()).toBe('the logo on black')
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=storyboard-shot]')?.querySelector('textarea')?.value)).toBe('the logo on black')
    // Shot 2, now third, would continue the logo: stale.
    expect(await card(3).getAttribute('data-state')).toBe('stale')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => card(3).locator('[data-testid=storyboard-prompt]').inputValue()).toBe('the logo on black')
    expect(await page.locator(made).count()).toBe(3)

    // Export, by keyboard.
    await page.locator('[data-testid=storyboard-export]').focus()
    await page.keyboard.press('Enter')
    await page.getByText(/^Exported /).waitFor({ timeout: WORK_MS })
    const sequences = path.join(open.app.libraryDir, 'Sequences')
    const films = (await readdir(sequences)).filter((name) => name.endsWith('.mp4'))
    expect(films).toHaveLength(1)
    const probe = await ffprobe(path.join(sequences, films[0]!))
    expect(probe.streams.filter((s) => s.codec_type === 'video')).toHaveLength(1)
    expect(probe.format.tags?.[STORYBOARD_TAG]).toContain('"title":"Launch film"')
    // The takes joined without re-encoding: as long as they are together (within three frames).
    const sum = (await Promise.all(picked.map(async (id) => Number((await ffprobe(library.get(id!)!.file)).format.duration)))).reduce((a, b) => a + b)
    const fps = await frameRate(path.join(sequences, films[0]!))
    expect(Math.abs(Number(probe.format.duration) - sum)).toBeLessThanOrEqual(3 / fps)

    // The last shot's prompt changed on its card: written to the board file, that shot alone is to remake.
    const last = card(3).locator('[data-testid=storyboard-prompt]')
    await last.fill('the logo on white')
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => card(3).getAttribute('data-state')).toBe('stale')
    expect(await page.locator(made).count()).toBe(2)
    expect(await page.textContent('[data-testid=storyboard-estimate]')).toContain('1 video')
    const written = JSON.parse(await readFile(path.join(folder, 'launch.storyboard.json'), 'utf8')) as { shots: Array<{ prompt: string }> }
    expect(written.shots.map((shot) => shot.prompt)).toEqual([board.shots[0]!.prompt, board.shots[1]!.prompt, 'the logo on white'])

    // The toggle between shots 2 and 3, by keyboard: shot 3 continues shot 2 (on its last frame), then cuts again.
    const toggle = page.locator('[data-testid=storyboard-continue]').nth(1)
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    const boardNow = async () => (JSON.parse(await readFile(path.join(folder, 'launch.storyboard.json'), 'utf8')) as { shots: Array<{ mode: string; continues?: boolean }> }).shots[2]
    expect(await boardNow()).toMatchObject({ mode: 'i2v', continues: true })
    expect(await card(3).textContent()).toContain('First frame')
    await page.keyboard.press('Space')
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false')
    expect(await boardNow()).toMatchObject({ mode: 't2v' })
    expect((await boardNow())?.continues).toBeUndefined()
    expect(await page.locator('[data-testid=storyboard-continue]').first().getAttribute('aria-pressed')).toBe('true')
    expect(open.errors).toEqual([])
  })
})
