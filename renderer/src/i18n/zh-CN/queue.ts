import type en from '../en/queue'

export default {
  title: '队列',
  emptyTitle: '队列中没有任务',
  emptyBody: '提交的任务会在这里排队、生成和下载。关闭窗口后任务继续进行，重启后自动恢复。',
} satisfies typeof en
