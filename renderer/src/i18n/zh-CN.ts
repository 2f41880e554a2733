import type { Messages } from './en'
import common from './zh-CN/common'
import create from './zh-CN/create'
import library from './zh-CN/library'
import queue from './zh-CN/queue'
import settings from './zh-CN/settings'

const zhCN: Messages = { ...common, create, library, queue, settings }

export default zhCN
