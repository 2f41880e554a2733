import type en from '../en/firstRun'

export default {
  title: '欢迎使用 Reelbox',
  lead: '用你的视频服务中的所有模型创作视频，每个结果都保存在属于你自己的文件夹里。',
  sandboxTitle: '先用内置沙盒试一试',
  sandboxBody: '无需账号，无需联网。本地模拟的服务会根据你的提示词和图片生成简单的片段，方便你熟悉应用。沙盒生成的结果都会标注“沙盒”。',
  sandboxAction: '试用沙盒',
  connectTitle: '连接你的服务',
  connectBody: '填入视频服务的基础地址和 API 密钥。密钥保存在系统钥匙串中，不会离开这台电脑。',
  baseUrl: '基础地址',
  baseUrlPlaceholder: 'https://api.example.com',
  apiKey: 'API 密钥',
  apiKeyPlaceholder: 'sk-…',
  connectAction: '连接',
  connecting: '正在连接…',
  keyRefused: '服务拒绝了这个密钥：{message}',
  checkFailedTitle: '已连接，但暂时无法验证密钥',
  checkFailedBody: '{message} 可以稍后在设置中再次验证。',
} satisfies typeof en
