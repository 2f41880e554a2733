import type { Messages } from './en'
import clips from './zh-CN/clips'
import compare from './zh-CN/compare'
import cost from './zh-CN/cost'
import common from './zh-CN/common'
import create from './zh-CN/create'
import firstRun from './zh-CN/firstRun'
import library from './zh-CN/library'
import problems from './zh-CN/problems'
import queue from './zh-CN/queue'
import sequence from './zh-CN/sequence'
import settings from './zh-CN/settings'
import shortcuts from './zh-CN/shortcuts'
import storyboard from './zh-CN/storyboard'

const zhCN: Messages = { ...common, clips, compare, cost, create, firstRun, library, problems, queue, sequence, settings, shortcuts, storyboard }

export default zhCN
