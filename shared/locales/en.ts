/** English, the source of every shared message, one file per speaker. */
import cli from './en/cli'
import common from './en/common'
import desktop from './en/desktop'
import log from './en/log'
import problemWords from './en/problem-words'
import terminal from './en/terminal'

const en = { ...common, cli, desktop, log, problemWords, terminal }

export default en
export type SharedMessages = typeof en
