import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { connect } from './api'
import { setEngine } from './api/provide'
import { createAppI18n, systemLocale } from './i18n'
import { useNavStore } from './stores/nav'
import { startStores } from './stores/start'
import './styles/tokens.css'
import './styles/base.css'

setEngine(connect())

const i18n = createAppI18n(systemLocale(navigator.languages))
const app = createApp(App)
app.use(createPinia())
// The router lives in the nav store (the screen follows it in the same tick); installed, it reads
// the address once and follows Back/Forward.
app.use(useNavStore().router)
app.use(i18n)
app.mount('#app')

void startStores(i18n.global)
