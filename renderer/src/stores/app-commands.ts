import { useEngineApi } from '@/api/provide'
import { useNavStore } from './nav'

/**
 * The desktop menu's commands (Electron sends `app.command`; web mode has no menu): show a
 * screen, start a new video (Create, prompt focused), find in the library (search focused), or
 * show the keyboard shortcuts.
 */
export function followAppCommands(): () => void {
  const nav = useNavStore()
  return useEngineApi().on('app.command', ({ command }) => {
    if (command === 'new-video') nav.go('create', 'prompt')
    else if (command === 'find') nav.go('library', 'search')
    else if (command === 'shortcuts') nav.shortcutsOpen = true
    else nav.go(command)
  })
}
