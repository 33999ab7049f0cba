import { ArrowLeft, ImagePlus, LoaderCircle, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { StepActions, StepHeading } from '#app/components/studio/step-layout.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { LOGO_ACCEPT, logoFileProblem } from '#core/accounts/logo.schema.ts'
import { LogoUploadError, uploadLogo, type LogoState } from './checkout-api.ts'
import type { LogoStatus } from './use-logo.ts'

/**
 * The logo sub-screen of the final review: shows the current logo and uploads a new one (PNG,
 * JPG or SVG, below 5MB; checked here first with the server's own rules and words).
 */
export function LogoScreen({
	logo,
	onUploaded,
	onBack,
}: {
	logo: LogoStatus
	onUploaded: (logo: LogoState) => void
	onBack: () => void
}) {
	const { toast } = useToast()
	const inputId = useId()
	const input = useRef<HTMLInputElement>(null)
	const [file, setFile] = useState<File | null>(null)
	const [preview, setPreview] = useState<string | null>(null)
	const [busy, setBusy] = useState(false)
	const current = logo.state === 'ready' && logo.logo.hasLogo ? logo.logo.logoUrl : null
	useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

	function pick(picked: File | undefined) {
		if (!picked) return
		const problem = logoFileProblem(picked)
		if (problem) {
			toast({ title: problem.title, description: problem.description, variant: 'destructive' })
			if (input.current) input.current.value = ''
			return
		}
		setFile(picked)
		setPreview(URL.createObjectURL(picked))
	}

	async function upload() {
		if (!file) return
		setBusy(true)
		try {
			const uploaded = await uploadLogo(file)
			toast({ title: 'Logo Uploaded', description: 'Your images can now carry your logo.', variant: 'success' })
			onUploaded(uploaded)
		} catch (error) {
			const { title, description } =
				error instanceof LogoUploadError ? error : { title: 'Upload Failed', description: 'Please try again.' }
			toast({ title, description, variant: 'destructive' })
		} finally {
			setBusy(false)
		}
	}

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title="Your Logo"
				description="It goes in the bottom-right corner of every image you keep, scaled to the photo."
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<figure className="flex flex-col gap-2">
					<figcaption className="text-sm font-medium text-gray-800">{preview ? 'New logo' : 'Current logo'}</figcaption>
					<div className="flex aspect-[3/2] items-center justify-center rounded-xl border border-gray-200 bg-[repeating-conic-gradient(#f4f5f7_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
						{preview || current ? (
							<img
								src={preview ?? current!}
								alt={preview ? 'New logo preview' : 'Your logo'}
								className="max-h-full max-w-full object-contain"
							/>
						) : (
							<span className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
								<ImagePlus aria-hidden className="size-8" />
								No logo yet
							</span>
						)}
					</div>
				</figure>
				<div className="flex flex-col justify-center gap-3">
					<label htmlFor={inputId} className="text-sm font-medium text-gray-800">
						Logo file (PNG, JPG or SVG, max. 5MB)
					</label>
					<input
						ref={input}
						id={inputId}
						type="file"
						accept={LOGO_ACCEPT}
						onChange={(e) => pick(e.target.files?.[0])}
						className="text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-4 file:font-medium file:text-gray-900 hover:file:bg-gray-50"
					/>
					{file ? <p className="text-sm break-all text-muted-foreground">{file.name}</p> : null}
				</div>
			</div>
			<StepActions>
				<Button variant="outline" onClick={onBack} disabled={busy}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Review
				</Button>
				<Button onClick={() => void upload()} disabled={!file || busy}>
					{busy ? (
						<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
					) : (
						<Upload aria-hidden className="size-4" />
					)}
					{busy ? 'Uploading...' : 'Upload Logo'}
				</Button>
			</StepActions>
		</div>
	)
}
