import { useRootData } from '#app/root.tsx'
import { TransformForm } from './transform-form.tsx'

/** The landing page's #transform section: the quick transform form under the page's heading style. */
export function TransformSection() {
	const user = useRootData()?.user ?? null
	return (
		<section id="transform" aria-labelledby="transform-heading" className="scroll-mt-20 bg-muted px-4 py-16 sm:px-6">
			<div className="mx-auto flex max-w-2xl flex-col gap-6">
				<div className="flex flex-col gap-2 text-center">
					<h2 id="transform-heading" className="text-3xl font-bold tracking-tight text-gray-900">
						Transform Your Property
					</h2>
					<p className="text-muted-foreground">Upload a photo or paste a listing link, pick a style, and we'll stage it in minutes.</p>
				</div>
				<div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
					<TransformForm user={user} />
				</div>
			</div>
		</section>
	)
}
