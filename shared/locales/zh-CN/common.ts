import type { Shape } from '../shape'
import type en from '../en/common'

export default {
  formats: { images: 'PNG、JPEG、WebP 或 GIF' },
  notices: { finished: '视频已生成', failed: '有视频生成失败', reveal: '在文件夹中显示', open: '打开', untitled: '未命名视频', failedBody: '{what} — {why}' },
} satisfies Shape<typeof en>
