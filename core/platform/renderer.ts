import { createRenderer, type Renderer } from '#core/render/index.ts'
import { config } from './config.ts'

let instance: Renderer | undefined

/** The configured renderer: the hosted staging API when RENDER_PROVIDER=http, local previews otherwise. */
export function renderer(): Renderer {
	return (instance ??= createRenderer(config().render))
}
