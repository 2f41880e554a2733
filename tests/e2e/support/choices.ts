import type { Locator } from 'playwright-core'

/** A choice on a card, whether its segments fit or it became a menu (ChoiceGroup). */
export async function choose(group: Locator, value: string): Promise<void> {
  if ((await group.evaluate((el) => el.tagName)) === 'SELECT') await group.selectOption({ index: await group.locator(`option[data-value="${value}"]`).evaluate((o) => (o as HTMLOptionElement).index) })
  else await group.locator(`[data-value="${value}"]`).click()
}
