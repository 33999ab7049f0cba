import { CircuitBreaker } from './circuit-breaker.ts'
import { createLocalPreviewProvider } from './local-preview.ts'
import type { ProviderName, StagingProvider } from './provider.ts'
import { createGeminiProvider } from './providers/gemini.ts'
import { createOpenAiProvider } from './providers/openai.ts'
import { createVirtualStagingAiProvider } from './providers/virtual-staging-ai.ts'

export * from './provider.ts'

export interface ProviderOptions {
	provider: ProviderName
	apiKey?: string
	/** The vendor's API root; each adapter has the vendor's own as its default. */
	baseUrl?: string
	model?: string
	retryBaseMs?: number
	/** One attempt of a vendor call, or of a result download (RENDER_TIMEOUT_MS). */
	requestTimeoutMs?: number
	/** While the vendor keeps failing, one call goes this often (RENDER_CIRCUIT_PROBE_MS). */
	circuitProbeMs?: number
	/** Vendor calls in flight from this process at most (RENDER_CONCURRENCY), for the vendors Rendo calls per render. */
	concurrency?: number
}

/** The configured vendor's adapter, or the local preview (no key, no network) by default. */
export function createProvider(options: ProviderOptions): StagingProvider {
	const { provider, apiKey = '', baseUrl, model, retryBaseMs, concurrency, requestTimeoutMs, circuitProbeMs } = options
	switch (provider) {
		case 'virtual-staging-ai':
			return createVirtualStagingAiProvider({
				apiKey,
				baseUrl,
				retryBaseMs,
				requestTimeoutMs,
				circuit: new CircuitBreaker({ vendor: 'Virtual Staging AI', provider, probeIntervalMs: circuitProbeMs }),
			})
		case 'openai':
			return createOpenAiProvider({
				apiKey,
				baseURL: baseUrl,
				model,
				concurrency,
				circuit: new CircuitBreaker({ vendor: 'OpenAI', provider, probeIntervalMs: circuitProbeMs }),
			})
		case 'gemini':
			return createGeminiProvider({
				apiKey,
				baseUrl,
				model,
				retryBaseMs,
				concurrency,
				circuit: new CircuitBreaker({ vendor: 'Gemini', provider, probeIntervalMs: circuitProbeMs }),
			})
		case 'local':
			return createLocalPreviewProvider()
	}
}
