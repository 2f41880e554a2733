/** The welcome shown until a service is connected. */
export default {
  title: 'Welcome to Reelbox',
  lead: 'Make video with every model of your video service, keep every result in a folder of your own.',
  sandboxTitle: 'Try it with the built-in Sandbox',
  sandboxBody: 'No account, no network. A local stand-in for the service makes simple clips from your prompts and images, so you can learn the app. Its results are always labelled Sandbox.',
  sandboxAction: 'Try the Sandbox',
  connectTitle: 'Connect your service',
  connectBody: 'Paste the base URL of your video service and your API key. The key goes into your system keychain and never leaves this computer.',
  baseUrl: 'Base URL',
  baseUrlPlaceholder: 'https://api.example.com',
  apiKey: 'API key',
  apiKeyPlaceholder: 'sk-…',
  connectAction: 'Connect',
  connecting: 'Connecting…',
  keyRefused: 'The service refused this key: {message}',
  checkFailedTitle: 'Connected, but the key could not be checked',
  checkFailedBody: '{message} You can check it again in Settings.',
}
