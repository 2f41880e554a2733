import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { connect } from './api'
import { setEngine } from './api/provide'
import { createAppI18n, systemLocale } from './i18n'
import { startStores } from './stores/start'
import './styles/tokens.css'
import './styles/base.css'

setEngine(connect())

const i18n = createAppI18n(systemLocale(navigator.languages))
const app = createApp(App)
app.use(createPinia())
app.use(i18n)
app.mount('#app')

void startStores(i18n.global)
