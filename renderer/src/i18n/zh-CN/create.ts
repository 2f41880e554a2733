import type en from '../en/create'

export default {
  title: '创作',
  emptyTitle: '生成你的第一个视频',
  emptyBody: '选择模型，写下提示词，拖入首帧或参考图，然后生成。新的任务会以卡片形式出现在这里，完成后即可播放。',
} satisfies typeof en
