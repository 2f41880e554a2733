/** English, the source of every shared message, one file per speaker. */
import common from './en/common'
import desktop from './en/desktop'
import log from './en/log'

const en = { ...common, desktop, log }

export default en
export type SharedMessages = typeof en
