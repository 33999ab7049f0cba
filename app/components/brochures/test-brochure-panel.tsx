import { useFetcher } from '@remix-run/react'
import { Download, FileText, Loader2 } from 'lucide-react'
import { FormAlert } from '#app/components/forms.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import type { createTestBrochure } from '#core/brochures/test-brochure.ts'

/** What /test-brochure's action answers. */
export type TestBrochureReply = { generated: Awaited<ReturnType<typeof createTestBrochure>> | null; failed: boolean }

/**
 * 'Generate Test Brochure': the sample rooms in your brand, then its file name, token and download.
 * It posts to the page's action through a fetcher; without JavaScript the page itself answers (`posted`).
 */
export function TestBrochurePanel({ posted }: { posted: TestBrochureReply | undefined }) {
	const fetcher = useFetcher<TestBrochureReply>()
	const busy = fetcher.state !== 'idle'
	const reply = busy ? undefined : (fetcher.data ?? posted)
	const generated = reply?.generated

	return (
		<div className="flex flex-col gap-5">
			<fetcher.Form method="post">
				<Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
					{busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <FileText aria-hidden className="size-4" />}
					{busy ? 'Generating...' : 'Generate Test Brochure'}
				</Button>
			</fetcher.Form>
			{reply?.failed ? <FormAlert errors={['Failed to generate brochure']} /> : null}
			<div aria-live="polite">
				{generated ? (
					<section
						aria-label="Generated brochure"
						className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
					>
						<p className="font-medium text-gray-900">{generated.message}</p>
						<dl className="flex flex-col gap-3 text-sm">
							<div>
								<dt className="text-muted-foreground">File name</dt>
								<dd className="font-medium break-all text-gray-900">{generated.brochure.fileName}</dd>
							</div>
							<div>
								<dt className="text-muted-foreground">Secure access token</dt>
								<dd className="font-mono break-all text-gray-900">{generated.brochure.uniqueToken}</dd>
							</div>
						</dl>
						<a
							href={generated.brochure.downloadUrl}
							target="_blank"
							rel="noopener noreferrer"
							className={`${buttonClasses()} sm:self-start`}
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
