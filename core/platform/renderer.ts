import { createRenderer, type Renderer } from '#core/render/index.ts'
import { recordingRenderer } from '#core/ops/render-calls.ts'
import { config } from './config.ts'

let instance: Renderer | undefined

/**
 * The configured renderer: the hosted staging API when RENDER_PROVIDER=http, local previews
 * otherwise; every call is recorded for the operations dashboard (core/ops/render-calls.ts).
 */
export function renderer(): Renderer {
	const options = config().render
	return (instance ??= recordingRenderer(createRenderer(options), options.provider === 'http' ? 'http' : 'local-preview'))
}
