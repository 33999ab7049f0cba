import { Download, FileText, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '#app/components/forms.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'

type Generated = { fileName: string; uniqueToken: string; downloadUrl: string }

/** 'Generate Test Brochure': the sample rooms in your brand, then its file name, token and download. */
export function TestBrochurePanel() {
	const [state, setState] = useState<{
		busy: boolean
		brochure: Generated | null
		message: string | null
		failed: boolean
	}>({
		busy: false,
		brochure: null,
		message: null,
		failed: false,
	})

	async function generate() {
		setState((s) => ({ ...s, busy: true, failed: false }))
		try {
			const response = await fetch('/api/test-brochure', { method: 'POST', credentials: 'include' })
			const body = (await response.json()) as { message?: string; brochure?: Generated }
			if (!response.ok || !body.brochure) throw new Error(body.message)
			setState({ busy: false, brochure: body.brochure, message: body.message ?? null, failed: false })
		} catch {
			setState({ busy: false, brochure: null, message: null, failed: true })
		}
	}

	return (
		<div className="flex flex-col gap-5">
			<Button size="lg" onClick={generate} disabled={state.busy} className="w-full sm:w-auto sm:self-start">
				{state.busy ? (
					<Loader2 aria-hidden className="size-4 animate-spin" />
				) : (
					<FileText aria-hidden className="size-4" />
				)}
				{state.busy ? 'Generating...' : 'Generate Test Brochure'}
			</Button>
			{state.failed ? <FormAlert errors={['Failed to generate brochure']} /> : null}
			<div aria-live="polite">
				{state.brochure ? (
					<section
						aria-label="Generated brochure"
						className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
					>
						{state.message ? <p className="font-medium text-gray-900">{state.message}</p> : null}
						<dl className="flex flex-col gap-3 text-sm">
							<div>
								<dt className="text-muted-foreground">File name</dt>
								<dd className="font-medium break-all text-gray-900">{state.brochure.fileName}</dd>
							</div>
							<div>
								<dt className="text-muted-foreground">Secure access token</dt>
								<dd className="font-mono break-all text-gray-900">{state.brochure.uniqueToken}</dd>
							</div>
						</dl>
						<a
							href={state.brochure.downloadUrl}
							target="_blank"
							rel="noopener noreferrer"
							className={buttonClasses() + ' sm:self-start'}
						>
							<Download aria-hidden className="size-4" />
							Download Brochure
						</a>
					</section>
				) : null}
			</div>
		</div>
	)
}
