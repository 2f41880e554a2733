import type { Shape } from '../shape'
import type en from '../en/common'

export default {
  formats: { images: 'PNG、JPEG、WebP 或 GIF' },
  notices: { finished: '视频已生成', failed: '有视频生成失败', reveal: '在文件夹中显示', open: '打开', untitled: '未命名视频', failedBody: '{what} — {why}' },
  packChecks: {
    notObject: '服务包必须是一个 JSON 对象',
    noAddress: '服务包没有给出要连接的服务地址',
    version: '此服务包使用版本 {found}；此 Reelbox 读取版本 {reads}',
    notOneOf: '“{key}”不是以下之一：{names}',
    unknownName: '“{key}”不是 Reelbox 在此处认识的名称',
    wrongType: '类型不对：应为 {expected}',
    tooSmall: '太短或太小：至少为 {minimum}',
    tooBig: '太长或太大：至多为 {maximum}',
    notAllowed: '应为以下之一：{values}',
    badFormat: '格式不对：应为 {format}',
    noForm: '不符合任何允许的形式',
    said: '{detail}',
  },
  downloads: { zipName: 'Reelbox {count} 个视频.zip' },
} satisfies Shape<typeof en>
