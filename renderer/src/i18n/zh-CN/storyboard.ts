import type en from '../en/storyboard'

export default {
  title: '分镜',
  shots: '{n} 个镜头',
  shotsLabel: '镜头，按成片播放顺序',
  continues: '接续上一个镜头的最后一帧',
  cut: '切换：独立开始',
  upToDate: '每个镜头都已有镜次',
  readFailed: '无法读取分镜',
  pickFailed: '无法选用该镜次',
  moveFailed: '无法移动镜头',
  saveFailed: '无法保存分镜',
  list: {
    title: '分镜',
    unreadable: '无法读取：打开查看原因',
  },
  pick: {
    title: '打开一个分镜',
    body: '在左侧选择一个分镜，查看它的镜头，按顺序生成并导出成片。',
  },
  empty: {
    title: '还没有分镜',
    body: '分镜把一部成片规划为若干镜头：每个镜头有自己的提示词和模型，并可接续上一个镜头的最后一帧。将其保存为作品库 Storyboards 文件夹中的 NAME.storyboard.json（或运行“reelbox storyboard run FILE”），它就会出现在这里，供生成和导出。',
  },
  shot: {
    label: '镜头 {n}',
    states: {
      made: '已生成',
      new: '待生成',
      stale: '已更改：待重新生成',
    },
    making: '生成中…',
    noTake: '还没有镜次',
    noPrompt: '这个镜头里发生什么',
    prompt: '镜头 {n} 的提示词',
    seconds: '{n} 秒',
    takeOf: '第 {take} 个镜次，共 {n} 个',
    takes: '镜次',
    regenerate: '再来一个镜次',
    earlier: '将镜头 {n} 前移',
    later: '将镜头 {n} 后移',
  },
  generate: {
    button: '全部生成',
    busy: '生成中…',
    failed: '{n} 个镜头没有镜次',
    problem: '镜头 {n}：{problem}',
    failedAll: '无法生成分镜',
  },
  export: {
    button: '导出成片',
    busy: '导出中…',
    needsTakes: '每个镜头需要先有镜次：全部生成',
    done: '已导出 {name}',
    show: '在作品库中显示',
    failed: '无法导出成片',
  },
} satisfies typeof en
