import type en from '../en/sequence'

export default {
  title: '序列',
  name: '序列名称',
  untitled: '未命名序列',
  summary: '{n} 个片段 · {time}',
  unsaved: '未保存',
  empty: {
    title: '没有打开的序列',
    body: '序列会把片段首尾相接地播放，并导出为一个 MP4。在作品库中打开一个片段并选择“将整条链作为序列打开”，或在这里添加片段。',
  },
  saved: {
    clips: '{n} 个片段',
    title: '已保存的序列',
    none: '还没有。保存的序列是作品库 Sequences 文件夹中的小文件。',
    open: '打开 {name}',
    delete: '删除 {name}',
    deleted: '已删除“{name}”',
  },
  new: '新建',
  save: '保存',
  savedToast: '已保存“{name}”',
  saveFailed: '无法保存序列',
  add: '添加片段',
  picker: {
    title: '添加片段',
    search: '搜索提示词',
    add: '添加',
    empty: '没有符合条件的视频',
    done: '完成',
  },
  clip: {
    label: '第 {n} 个片段：{name}',
    remove: '移除第 {n} 个片段',
    earlier: '将第 {n} 个片段前移',
    later: '将第 {n} 个片段后移',
    gone: '已不在作品库中',
  },
  player: {
    label: '序列播放器',
    play: '播放',
    pause: '暂停',
    now: '第 {n} / {total} 个片段',
  },
  export: {
    button: '导出 MP4',
    busy: '正在导出…',
    done: '已导出“{name}”',
    body: '作品库 Sequences 文件夹中的一个 MP4，每一帧都保持原样。',
    show: '在作品库中查看',
    failed: '无法导出序列',
  },
  replace: {
    title: '替换正在编辑的序列？',
    body: '“{name}”（{clips}）尚未保存。在此打开另一个序列会丢弃它；如要保留，请取消，先在“序列”中保存。',
    confirm: '替换',
  },
} satisfies typeof en
