import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { AxeResults, Result } from 'axe-core'

/**
 * axe-core (Deque's accessibility engine) run inside the page as it is now. The page's context
 * must be opened with `bypassCSP: true` (openApp's `browser` option): the app's CSP rightly
 * forbids the inline script that carries axe in.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** One serious or critical finding, short enough to read in a failed assertion. */
export interface Finding {
  rule: string
  impact: string
  /** What axe says is wrong, and where: the first few elements' selectors and reasons. */
  help: string
  nodes: string[]
}

function finding(result: Result): Finding {
  return {
    rule: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    nodes: result.nodes.slice(0, 4).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
  }
}

/**
 * The serious and critical findings of axe on the page as it is (WCAG 2.1 A and AA and axe's best
 * practices). An empty list is the goal on every screen; `label` names the state in a failure.
 */
export async function seriousFindings(page: Page, label: string): Promise<Array<Finding & { at: string }>> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.addScriptTag({ path: axeSource })
  // Colours are judged on a still screen: once transitions (a theme change fades them, a toast
  // slides in) have settled, and again if one started while axe was reading the page (it would
  // read a colour half-faded in).
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity))
    const { results, moved } = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe
      let moved = false
      const started = (): void => void (moved = true)
      document.addEventListener('transitionrun', started, true)
      document.addEventListener('animationstart', started, true)
      try {
        return { results: await axe.run(document, { resultTypes: ['violations'] }), moved }
      } finally {
        document.removeEventListener('transitionrun', started, true)
        document.removeEventListener('animationstart', started, true)
      }
    })
    if (!moved || attempt === 3) return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ ...finding(v), at: label }))
  }
}
