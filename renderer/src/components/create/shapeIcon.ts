import { h, type FunctionalComponent } from 'vue'

type ShapeIcon = FunctionalComponent<{ size?: number }>

const made = new Map<string, ShapeIcon>()

/**
 * A small picture of a frame's shape for the aspect presets (16:9 wide, 9:16 tall, 1:1 square),
 * drawn like the set's other icons (a 1.5 px outline in the text colour); a dashed square when the
 * model picks the shape. One component per shape, so a preset keeps its icon across renders.
 */
export function shapeIcon(ratio: number | undefined): ShapeIcon {
  const key = ratio === undefined ? 'auto' : ratio.toFixed(3)
  let icon = made.get(key)
  if (icon) return icon
  icon = (props) => {
    const size = props.size ?? 16
    const room = size - 2
    const [width, height] = ratio === undefined ? [room * 0.8, room * 0.8] : ratio >= 1 ? [room, room / ratio] : [room * ratio, room]
    const rect = { x: (size - width) / 2, y: (size - height) / 2, width, height, rx: 1.5 }
    return h('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5, ...(ratio === undefined && { 'stroke-dasharray': '2 2' }) }, [h('rect', rect)])
  }
  made.set(key, icon)
  return icon
}
