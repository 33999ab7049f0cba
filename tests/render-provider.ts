import { config, loadConfig } from '#core/platform/config.ts'
import { resetStagingProvider } from '#core/platform/staging-provider.ts'
import type { ProviderName } from '#core/render/provider.ts'

/**
 * Makes `provider` this process's staging provider from now on, as RENDER_PROVIDER would at
 * start-up: for a file that configures several vendors' settings at once (in vi.hoisted) and
 * switches between them case by case.
 */
export function stageThrough(provider: ProviderName) {
	process.env.RENDER_PROVIDER = provider
	Object.assign(config().render, loadConfig().render)
	resetStagingProvider()
}
