import type en from '../en/common'

export default {
  app: {
    name: 'Reelbox',
    sandbox: '沙盒',
    sandboxHint: '由内置沙盒模拟生成的片段，并非真实生成。',
  },
  nav: {
    label: '主导航',
    create: '创作',
    library: '作品库',
    queue: '队列',
    settings: '设置',
    activeJobs: '{n} 个进行中的任务',
  },
  engine: {
    open: '引擎已连接',
    connecting: '正在连接引擎…',
    closed: '无法连接引擎，正在重连…',
  },
  common: {
    cancel: '取消',
    close: '关闭',
    save: '保存',
    remove: '移除',
    retry: '重试',
    loading: '加载中…',
    copy: '复制',
    copied: '已复制',
    dismiss: '关闭',
  },
} satisfies typeof en
