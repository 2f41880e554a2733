import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { connect } from './api'
import { setEngine } from './api/provide'
import { createAppI18n, systemLocale } from './i18n'
import { useEngineStore } from './stores/engine'
import { useNavStore } from './stores/nav'
import './styles/tokens.css'
import './styles/base.css'

setEngine(connect())

const app = createApp(App)
app.use(createPinia())
app.use(createAppI18n(systemLocale(navigator.languages)))
app.mount('#app')

useNavStore().start()
void useEngineStore().start()
