import type { Messages } from './en'

const zhCN: Messages = {
  app: {
    name: 'Reelbox',
  },
  nav: {
    label: '主导航',
    create: '创作',
    library: '作品库',
    queue: '队列',
    settings: '设置',
  },
  engine: {
    open: '引擎已连接',
    connecting: '正在连接引擎…',
    closed: '无法连接引擎，正在重连…',
  },
  create: {
    title: '创作',
    emptyTitle: '生成你的第一个视频',
    emptyBody: '选择模型，写下提示词，拖入首帧或参考图，然后生成。新的任务会以卡片形式出现在这里，完成后即可播放。',
  },
  library: {
    title: '作品库',
    emptyTitle: '作品库还是空的',
    emptyBody: '每个完成的视频都会下载到你电脑上的文件夹里，并保存提示词、模型和输入图片。离线也能浏览。',
  },
  queue: {
    title: '队列',
    emptyTitle: '队列中没有任务',
    emptyBody: '提交的任务会在这里排队、生成和下载。关闭窗口后任务继续进行，重启后自动恢复。',
  },
  settings: {
    title: '设置',
    about: '关于',
    version: '版本',
    shell: '运行方式',
    shellElectron: '桌面应用',
    shellWeb: '网页模式',
    shellCli: '命令行',
    platform: '平台',
    runtime: '运行时',
    uptime: '引擎运行时长',
    uptimeValue: '{h} 小时 {m} 分 {s} 秒',
    dataFolder: '应用数据',
    libraryFolder: '作品库文件夹',
    activity: '引擎活动',
    activityHint: '来自引擎的实时日志。密钥和授权头永远不会出现在这里。',
    activityEmpty: '暂无活动。',
    loading: '加载中…',
    loadFailed: '无法连接引擎：{message}',
  },
}

export default zhCN
