import common from './zh-CN/common'
import desktop from './zh-CN/desktop'
import log from './zh-CN/log'
import type { SharedMessages } from './en'
import type { Shape } from './shape'

const zhCN: Shape<SharedMessages> = { ...common, desktop, log }

export default zhCN
