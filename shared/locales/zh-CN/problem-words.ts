import type { Shape } from '../shape'
import type en from '../en/problem-words'

export default {
  kinds: {
    unknown: '无法识别类型的文件',
    pdf: 'PDF 文档',
    zip: 'ZIP 压缩包（或 Office 文档）',
    heic: 'HEIC 照片（请导出为 JPEG 或 PNG）',
    avif: 'AVIF 图片（请导出为 JPEG 或 PNG）',
    video: '视频文件',
    audio: '音频文件',
    tiff: 'TIFF 图片（请导出为 PNG 或 JPEG）',
    bmp: 'BMP 图片（请导出为 PNG 或 JPEG）',
    psd: 'Photoshop 文档（请导出为 PNG 或 JPEG）',
    svg: 'SVG 矢量图（请导出为 PNG）',
    html: '网页（HTML）',
    text: '文本文件',
  },
  unreadable: { permission: '没有权限', folder: '这是一个文件夹' },
  folders: { library: '作品库', data: '数据' },
  fields: { prompt: '提示词', image: '图片', first: '首帧', last: '尾帧', references: '参考图', duration: '时长', resolution: '分辨率' },
  clip: {
    size: '为 {value}',
    codec: '的编码为 {value}',
    rotation: '旋转了 {value}',
    encoding: '的编码参数为 {value}',
    soundFormat: '的声音格式为 {value}',
    noSound: '没有声音',
  },
  seconds: '{value} 秒',
  megapixels: '{value} 百万像素',
} satisfies Shape<typeof en>
