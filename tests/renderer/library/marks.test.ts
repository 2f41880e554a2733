import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { createAppI18n } from '@/i18n'
import DetailMarks from '@/components/library/DetailMarks.vue'
import { withMarks } from '@/components/library/marks'
import { makeItems } from './fake-library'

/**
 * Issue 27: the list of tags a page shows can lag the folder (another machine tagged the item a
 * moment ago and this page has not been told yet). A tag typed or removed here is sent as that
 * one change, so the engine merges it and never untags what this designer did not see.
 */
describe('tags in the detail', () => {
  const item = { ...makeItems(1)[0]!, tags: ['hero'] }
  const marks = () => mount(DetailMarks, { props: { item }, global: { plugins: [createPinia(), createAppI18n('en', { strict: true })] } })

  it('sends a typed tag as a tag to add, and a removed one as a tag to remove, never the list shown', async () => {
    const wrapper = marks()
    await wrapper.find('[data-testid=detail-tag-input]').setValue(' client-x ')
    await wrapper.find('form.add').trigger('submit')
    await wrapper.find('.chip-remove').trigger('click')
    expect(wrapper.emitted('update')).toEqual([[{ addTags: ['client-x'] }], [{ removeTags: ['hero'] }]])
  })

  it('shows the change at once as it will leave the item', () => {
    expect(withMarks(item, { addTags: ['client-x'] }).tags).toEqual(['hero', 'client-x'])
    expect(withMarks(item, { addTags: ['hero'], favourite: true })).toMatchObject({ tags: ['hero'], favourite: true, rating: item.rating })
    expect(withMarks(item, { removeTags: ['hero'] }).tags).toEqual([])
  })
})
