import type { Page } from 'playwright-core'
import sharp from 'sharp'

/** A file as the page will see it: built in the page from these bytes (base64 to cross over). */
export interface PageFile {
  name: string
  type: string
  base64: string
}

const palettes = {
  dusk: ['#ff7e5f', '#7b2ff7', '#2b1055', '#ffd36e'],
  sea: ['#a1c4fd', '#1e6fa8', '#0b2540', '#f6f9fc'],
  forest: ['#d4fc79', '#2f7d4f', '#10261b', '#f9f871'],
  rose: ['#ffd1dc', '#e05780', '#3a0c1e', '#fff1f5'],
} as const

export type Scene = keyof typeof palettes

/**
 * A picture a designer might use (a gradient sky, a sun, hills), drawn with sharp from SVG, so
 * screenshots look like the real thing and every image is distinct.
 */
export async function scene(kind: Scene, width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<PageFile> {
  const [top, middle, ground, sun] = palettes[kind]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 160 90" preserveAspectRatio="none">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${middle}"/></linearGradient></defs>
    <rect width="160" height="90" fill="url(#sky)"/>
    <circle cx="112" cy="46" r="14" fill="${sun}" opacity="0.9"/>
    <path d="M0 70 Q 40 52 80 66 T 160 60 V 90 H 0 Z" fill="${ground}" opacity="0.85"/>
    <path d="M0 80 Q 50 66 100 78 T 160 74 V 90 H 0 Z" fill="${ground}"/>
  </svg>`
  const image = sharp(Buffer.from(svg))
  const bytes = await (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer()
  return { name: `${kind}.${format === 'png' ? 'png' : 'jpg'}`, type: `image/${format}`, base64: bytes.toString('base64') }
}

export function textFile(name: string, text: string): PageFile {
  return { name, type: 'text/plain', base64: Buffer.from(text).toString('base64') }
}

/**
 * The element a drop or paste goes to, waited for as Playwright's own actions wait: a screen may
 * still be loading its code when the test reaches it.
 */
const dropTarget = (page: Page, selector: string) => page.locator(selector).first()

/**
 * Dispatches a real drag sequence (dragenter, dragover, then drop unless `hover`) carrying these
 * files in a DataTransfer, as a drag from the desktop would.
 */
export async function dragFiles(page: Page, selector: string, files: PageFile[], options: { hover?: boolean } = {}): Promise<void> {
  await dropTarget(page, selector).evaluate(
    (target, { files, hover }) => {
      const dt = new DataTransfer()
      for (const file of files) dt.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }))
      const fire = (type: string) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }))
      fire('dragenter')
      fire('dragover')
      if (!hover) fire('drop')
    },
    { files, hover: options.hover ?? false },
  )
}

/** Drops what dragging a picture out of a web page carries: its HTML and its address, no file. */
export async function dropWebImage(page: Page, selector: string, src: string): Promise<void> {
  await dropTarget(page, selector).evaluate(
    (target, src) => {
      const dt = new DataTransfer()
      dt.setData('text/html', `<meta charset="utf-8"><img src="${src}" alt="">`)
      dt.setData('text/uri-list', 'https://example.com/gallery/page-the-image-links-to')
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }))
    },
    src,
  )
}

export async function dragLeave(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => document.querySelector(selector)?.dispatchEvent(new DragEvent('dragleave', { bubbles: true, dataTransfer: new DataTransfer() })), selector)
}

/** A paste of image data, as ⌘V after copying an image would deliver it. */
export async function pasteFile(page: Page, selector: string, file: PageFile): Promise<void> {
  await dropTarget(page, selector).evaluate(
    (target, file) => {
      ;(target as HTMLElement).focus()
      const dt = new DataTransfer()
      dt.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }))
      target.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: dt }))
    },
    file,
  )
}

/** Waits until a preview image inside `selector` has really loaded, and returns its source. */
export async function loadedPreview(page: Page, selector: string): Promise<string> {
  const handle = await page.waitForFunction((selector) => {
    const img = document.querySelector<HTMLImageElement>(`${selector} [data-testid=slot-preview]`)
    return img && img.complete && img.naturalWidth > 0 ? img.src : undefined
  }, selector)
  return (await handle.jsonValue()) as string
}

/** Picks a model with the picker's search, as a designer types it. */
export async function chooseModel(page: Page, query: string, id: string): Promise<void> {
  await page.click('[data-testid=model-picker]')
  await page.fill('[data-testid=model-search]', query)
  await page.locator(`[role=option][data-model="${id}"]`).waitFor()
  await page.keyboard.press('Enter')
  await page.waitForFunction((id) => document.querySelector('[data-testid=model-picker]')?.textContent?.includes(id), id)
}

/** Picks a mode, whether the control shows segments or (when they do not fit) a menu. */
export async function chooseMode(page: Page, mode: string): Promise<void> {
  const option = page.locator(`select[data-testid=mode] option[data-value="${mode}"]`)
  if (await option.count()) await page.selectOption('select[data-testid=mode]', (await option.getAttribute('value'))!)
  else await page.click(`[data-testid=mode] [data-value="${mode}"]`)
}

/** Settings → Appearance → Language, then back to Create. */
export async function setLanguage(page: Page, language: 'en' | 'zh-CN'): Promise<void> {
  await page.click('[data-screen=settings]')
  await page.click('[data-settings-nav=appearance]')
  await page.click(`[data-testid=settings-language] [data-value=${language}]`)
  await page.waitForFunction((language) => document.documentElement.lang === language, language)
  await page.click('[data-screen=create]')
  await page.locator('[data-testid=screen-create]').waitFor()
}
