/**
 * What the desktop shell itself says (menus, the close question, the tray, the notices about
 * work left for later), in the designer's language (`noticeLocale`: the setting, else the
 * system's). The page's words live in renderer/src/i18n; notifications about jobs in notify-rules.
 */
import type { NoticeLocale } from './notify-rules'

export interface DesktopWords {
  menu: {
    file: string
    newVideo: string
    edit: string
    undo: string
    redo: string
    cut: string
    copy: string
    paste: string
    pasteAndMatchStyle: string
    delete: string
    selectAll: string
    find: string
    view: string
    create: string
    library: string
    sequences: string
    queue: string
    resetZoom: string
    zoomIn: string
    zoomOut: string
    fullScreen: string
    window: string
    minimize: string
    zoom: string
    front: string
    about: string
    settings: string
    services: string
    hide: string
    hideOthers: string
    showAll: string
    quit: string
    help: string
    shortcuts: string
  }
  /** The question when the last window closes with videos still being made (Windows, Linux). */
  close: { title: string; message(count: number): string; detail(count: number): string; background: string; quit: string; remember: string }
  /** Told once when the app goes on working from the tray. */
  background: { title: string; body: string }
  /** Told when quitting leaves videos for next time. */
  later: { title: string; body(count: number): string }
  tray: { tooltip(count: number): string; open: string; quit: string }
}

const en: DesktopWords = {
  menu: {
    file: 'File',
    newVideo: 'New Video',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    find: 'Find in Library',
    view: 'View',
    create: 'Create',
    library: 'Library',
    sequences: 'Sequences',
    queue: 'Queue',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    window: 'Window',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    about: 'About Reelbox',
    settings: 'Settings…',
    services: 'Services',
    hide: 'Hide Reelbox',
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    quit: 'Quit Reelbox',
    help: 'Help',
    shortcuts: 'Keyboard Shortcuts',
  },
  close: {
    title: 'Reelbox',
    message: (n) => (n === 1 ? 'A video is still being made.' : `${n} videos are still being made.`),
    detail: (n) =>
      n === 1
        ? 'Keep Reelbox working in the background to finish it, or quit: it will pick up where it left off the next time you open Reelbox.'
        : 'Keep Reelbox working in the background to finish them, or quit: they will pick up where they left off the next time you open Reelbox.',
    background: 'Keep Working in Background',
    quit: 'Quit',
    remember: 'Remember my choice (Settings → Jobs)',
  },
  background: { title: 'Reelbox is still working', body: 'Your videos keep being made. Click the Reelbox icon in the tray to come back.' },
  later: {
    title: 'Reelbox will finish later',
    body: (n) => (n === 1 ? 'The video being made picks up where it left off the next time you open Reelbox.' : `${n} videos being made pick up where they left off the next time you open Reelbox.`),
  },
  tray: { tooltip: (n) => (n === 0 ? 'Reelbox' : n === 1 ? 'Reelbox — making 1 video' : `Reelbox — making ${n} videos`), open: 'Open Reelbox', quit: 'Quit Reelbox' },
}

const zhCN: DesktopWords = {
  menu: {
    file: '文件',
    newVideo: '新建视频',
    edit: '编辑',
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '拷贝',
    paste: '粘贴',
    pasteAndMatchStyle: '粘贴并匹配样式',
    delete: '删除',
    selectAll: '全选',
    find: '在作品库中查找',
    view: '显示',
    create: '创作',
    library: '作品库',
    sequences: '序列',
    queue: '队列',
    resetZoom: '实际大小',
    zoomIn: '放大',
    zoomOut: '缩小',
    fullScreen: '切换全屏',
    window: '窗口',
    minimize: '最小化',
    zoom: '缩放',
    front: '前置全部窗口',
    about: '关于 Reelbox',
    settings: '设置…',
    services: '服务',
    hide: '隐藏 Reelbox',
    hideOthers: '隐藏其他',
    showAll: '全部显示',
    quit: '退出 Reelbox',
    help: '帮助',
    shortcuts: '键盘快捷键',
  },
  close: {
    title: 'Reelbox',
    message: (n) => `还有 ${n} 个视频正在生成。`,
    detail: () => '让 Reelbox 在后台继续完成，或者退出：下次打开 Reelbox 时会从中断处继续。',
    background: '在后台继续',
    quit: '退出',
    remember: '记住我的选择（设置 → 任务）',
  },
  background: { title: 'Reelbox 仍在工作', body: '视频会继续生成。点击托盘中的 Reelbox 图标即可回来。' },
  later: { title: 'Reelbox 稍后完成', body: (n) => `${n} 个正在生成的视频会在下次打开 Reelbox 时从中断处继续。` },
  tray: { tooltip: (n) => (n === 0 ? 'Reelbox' : `Reelbox — 正在生成 ${n} 个视频`), open: '打开 Reelbox', quit: '退出 Reelbox' },
}

export const desktopWords: Record<NoticeLocale, DesktopWords> = { en, 'zh-CN': zhCN }
