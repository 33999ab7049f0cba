import { createHttpRenderer, type HttpRendererOptions } from './http-provider.ts'
import { createLocalPreviewRenderer } from './local-preview.ts'
import type { Renderer } from './renderer.ts'

export { RenderError, STYLES, type Renderer, type RenderInput, type RenderOutput, type Style } from './renderer.ts'
export type { HttpRendererOptions } from './http-provider.ts'

export type RendererOptions = { provider: 'local' } | ({ provider: 'http' } & HttpRendererOptions)

/** The local preview renderer by default; the hosted staging API when configured with its key and URL. */
export function createRenderer(options: RendererOptions): Renderer {
	return options.provider === 'http' ? createHttpRenderer(options) : createLocalPreviewRenderer()
}
