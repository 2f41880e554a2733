import type en from '../en/library'

export default {
  title: '作品库',
  emptyTitle: '作品库还是空的',
  emptyBody: '每个完成的视频都会下载到你电脑上的文件夹里，并保存提示词、模型和输入图片。离线也能浏览。',
} satisfies typeof en
