import { Section } from '#app/components/landing/section.tsx'
import { useRootData } from '#app/root.tsx'
import { TransformForm } from './transform-form.tsx'

/** The landing page's #transform section (spec 01 §2 anchors): the quick transform form. */
export function TransformSection() {
	const user = useRootData()?.user ?? null
	return (
		<Section
			id="transform"
			title="Transform Your Property"
			lead="Upload a photo or paste a listing link, pick a style and the areas to stage."
		>
			<div className="max-w-2xl rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
				<TransformForm user={user} />
			</div>
		</Section>
	)
}
