import type en from '../en/settings'

export default {
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
} satisfies typeof en
