import type en from '../en/common'

export default {
  app: {
    sandbox: '沙盒',
    sandboxHint: '由内置沙盒模拟生成的片段，并非真实生成。',
  },
  nav: {
    label: '主导航',
    create: '创作',
    library: '作品库',
    queue: '队列',
    sequence: '序列',
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
    copied: '已复制',
    dismiss: '关闭',
    modes: {
      t2v: '文生视频',
      i2v: '首帧',
      'first-last': '首尾帧',
      reference: '参考图',
    },
    phases: {
      queued: '排队中',
      submitting: '发送中',
      pending: '已受理',
      running: '生成中',
      downloading: '下载中',
      done: '已完成',
      failed: '失败',
      paused: '已暂停',
      stopped: '已停止等待',
      unknown: '不确定是否已发送',
      cancelled: '已取消',
    },
  },
} satisfies typeof en
