import { Info } from 'lucide-react'
import { PREVIEW_LABEL } from '#core/render/provider.ts'

/**
 * For staff only, while no staging provider is configured: what the agents are getting and the
 * settings that turn real staging on (the README's "Staging providers" has keys and prices).
 */
export function PreviewModeNotice() {
	return (
		<aside
			role="note"
			aria-labelledby="preview-mode-title"
			className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
		>
			<Info aria-hidden className="mt-0.5 size-5 shrink-0" />
			<div className="flex flex-col gap-1">
				<h2 id="preview-mode-title" className="font-semibold">
					Staging is off: renders are labelled “{PREVIEW_LABEL}”
				</h2>
				<p>
					No staging provider is configured, so the local preview only colour-grades the photos. To stage rooms for
					real, set <code className="font-mono">RENDER_PROVIDER</code> to{' '}
					<code className="font-mono">virtual-staging-ai</code>, <code className="font-mono">openai</code> or{' '}
					<code className="font-mono">gemini</code> with that vendor’s key (
					<code className="font-mono">RENDER_API_KEY</code>, <code className="font-mono">OPENAI_API_KEY</code> or{' '}
					<code className="font-mono">GEMINI_API_KEY</code>) and restart the web and worker processes.
				</p>
			</div>
		</aside>
	)
}
