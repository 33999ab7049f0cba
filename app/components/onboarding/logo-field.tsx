import { ImagePlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { LOGO_HINT } from '#core/accounts/agent-profile.schema.ts'
import { LOGO_ACCEPT, logoFileProblem } from '#core/accounts/logo.schema.ts'

/** A logo picked in this visit: its preview address, and what is wrong with it (checked before sending). */
export type LogoChoice = { url: string; problem: string[] | null } | null

/** The picked logo, its preview URL released when it is replaced or the wizard goes. */
export function useLogoChoice() {
	const [logo, setLogo] = useState<LogoChoice>(null)
	useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo])
	function choose(file: File | undefined) {
		if (!file) return setLogo(null)
		const problem = logoFileProblem(file)
		setLogo({ url: URL.createObjectURL(file), problem: problem ? [`${problem.title}: ${problem.description}`] : null })
	}
	return { logo, choose }
}

/**
 * The logo input (a real file input behind its label, sent with the form) showing the logo the
 * brochure will carry: the one just picked, else the saved one. Without JavaScript the preview
 * cannot follow a pick, so the browser's own input shows which file is chosen.
 */
export function LogoField({
	previewUrl,
	errors,
	nativeInput,
	onPick,
}: {
	previewUrl: string | null
	errors?: string[]
	nativeInput: boolean
	onPick: (file: File | undefined) => void
}) {
	return (
		<div className="flex flex-col gap-1.5">
			<span className="text-sm font-medium text-gray-800">Logo</span>
			<label className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-gray-300 bg-muted/60 p-3 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40 hover:border-accent">
				{previewUrl ? (
					<img src={previewUrl} alt="Logo preview" className="h-12 w-20 rounded bg-white object-contain" />
				) : (
					<ImagePlus aria-hidden className="size-8 text-brand" />
				)}
				<span className="flex flex-col text-sm">
					<span className="font-medium text-brand">{previewUrl ? 'Change logo' : 'Upload logo'}</span>
					<span className="text-muted-foreground">{LOGO_HINT}</span>
				</span>
				<input
					type="file"
					name="logo"
					accept={LOGO_ACCEPT}
					aria-label="Logo"
					aria-describedby={errors?.length ? 'logo-error' : undefined}
					className={nativeInput ? 'min-w-0 text-sm' : 'sr-only'}
					onChange={(event) => onPick(event.currentTarget.files?.[0])}
				/>
			</label>
			<ErrorList id="logo-error" errors={errors} />
		</div>
	)
}
