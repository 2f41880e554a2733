import type { Shape } from '../shape'
import type en from '../en/terminal'

export default {
  web: {
    running: 'Reelbox 正以网页模式运行。',
    open: '打开 {url}',
    badPort: 'reelbox web：--port 必须是 0 到 65535 之间的数字，而不是“{value}”。',
  },
  count: {
    object: '{count} 个对象',
    list: '{count} 个列表',
    number: '{count} 个数字',
    text: '{count} 段文本',
    value: '{count} 个值',
    referenceImage: '{count} 张参考图',
  },
} satisfies Shape<typeof en>
