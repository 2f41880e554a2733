import cli from './zh-CN/cli'
import common from './zh-CN/common'
import desktop from './zh-CN/desktop'
import log from './zh-CN/log'
import problemWords from './zh-CN/problem-words'
import terminal from './zh-CN/terminal'
import type { SharedMessages } from './en'
import type { Shape } from './shape'

const zhCN: Shape<SharedMessages> = { ...common, cli, desktop, log, problemWords, terminal }

export default zhCN
