/**
 * English, the source of every user-facing string, one file per area (so each screen's strings
 * live together). zh-CN must have exactly the same keys: its files `satisfies` these types and a
 * test compares the trees.
 */
import clips from './en/clips'
import compare from './en/compare'
import cost from './en/cost'
import common from './en/common'
import create from './en/create'
import firstRun from './en/firstRun'
import library from './en/library'
import problems from './en/problems'
import queue from './en/queue'
import sequence from './en/sequence'
import settings from './en/settings'
import shortcuts from './en/shortcuts'
import storyboard from './en/storyboard'

const en = { ...common, clips, compare, cost, create, firstRun, library, problems, queue, sequence, settings, shortcuts, storyboard }

export default en
export type Messages = typeof en
