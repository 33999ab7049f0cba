import { createProvider, type StagingProvider } from '#core/render/index.ts'
import { config } from './config.ts'

let instance: StagingProvider | undefined

/** The configured staging provider (RENDER_PROVIDER), made once per process. */
export function stagingProvider(): StagingProvider {
	return (instance ??= createProvider(config().render))
}

/** Tests switch providers between cases. */
export function resetStagingProvider() {
	instance = undefined
}
