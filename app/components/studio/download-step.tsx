import { Link } from '@remix-run/react'
import { ArrowLeft, CircleCheck, Plus, Receipt } from 'lucide-react'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { StepHeading } from './step-layout.tsx'

export function DownloadStep({
	rooms,
	variations,
	onBack,
}: {
	rooms: RoomView[]
	variations: VariationView[]
	onBack: () => void
}) {
	const counts = [
		{ label: 'Original photos', value: rooms.length },
		{ label: 'Style variations', value: variations.filter((v) => v.status === 'completed').length },
		{ label: 'Favorites', value: variations.filter((v) => v.isFavorite).length },
	]
	return (
		<div className="flex flex-col gap-5">
			<StepHeading title="Project Complete" description="Here is what this property has so far." />
			<dl className="grid grid-cols-3 gap-3">
				{counts.map(({ label, value }) => (
					<div key={label} className="flex flex-col-reverse gap-1 rounded-xl bg-muted p-3 text-center sm:p-4">
						<dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
						<dd className="text-2xl font-bold text-brand tabular-nums sm:text-3xl">{value}</dd>
					</div>
				))}
			</dl>
			<div className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm">
				<Receipt aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
				<p className="text-gray-800">
					A billing event of <span className="font-semibold">£99</span> will be logged when this project is completed. Only
					your favourited images are kept, ready to download.
				</p>
			</div>
			<p className="flex items-center gap-2 text-sm text-muted-foreground">
				<CircleCheck aria-hidden className="size-4 text-green-700" />
				Your favourites are saved: you can come back to this project at any time.
			</p>
			<div className="flex flex-col gap-3 sm:flex-row">
				<Button size="lg" variant="outline" onClick={onBack} className="sm:mr-auto">
					<ArrowLeft aria-hidden className="size-4" />
					Back
				</Button>
				<Link to="/property-studio" className={buttonClasses({ size: 'lg' })}>
					Back to Studio
				</Link>
				<Button size="lg" variant="outline" onClick={() => window.location.reload()}>
					<Plus aria-hidden className="size-4" />
					Start New Project
				</Button>
			</div>
		</div>
	)
}
