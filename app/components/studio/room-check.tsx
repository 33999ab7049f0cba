import { useFetcher } from '@remix-run/react'
import { TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { openCheckNote, type VariationView } from '#core/studio/views.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { intentAction } from './workflow-steps.ts'

type RoomCheck = NonNullable<VariationView['roomCheck']>

/** What the agent reads about a flagged image, answered or not: the check's own sentence, or why it could not be matched. */
export function roomCheckSentence(check: RoomCheck) {
	return openCheckNote({ ...check, open: true })!
}

/**
 * On a flagged image: the room check thinks a wall, window, door, floor or ceiling may differ from
 * the photo (listing rules allow adding furniture, not changing the property). Gone once answered.
 */
export function RoomCheckBadge({ check, className }: { check: VariationView['roomCheck']; className?: string }) {
	if (!check?.open) return null
	return (
		<span
			title={roomCheckSentence(check)}
			className={cn(
				'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow',
				className,
			)}
		>
			<TriangleAlert aria-hidden className="size-3.5" />
			Check the room
		</span>
	)
}

/** The changed areas outlined over an image of the photo's framing (the compare slider). */
export function RoomCheckOutlines({ check }: { check?: VariationView['roomCheck'] }) {
	if (!check || check.verdict === 'ok' || !check.regions.length) return null
	return (
		<div aria-hidden className="pointer-events-none absolute inset-0">
			{check.regions.map((r) => (
				<div
					key={`${r.x},${r.y},${r.width},${r.height}`}
					className="absolute rounded-sm border-2 border-dashed border-amber-400 shadow-[0_0_0_1px_rgba(0,0,0,0.5)]"
					style={{
						left: `${r.x * 100}%`,
						top: `${r.y * 100}%`,
						width: `${r.width * 100}%`,
						height: `${r.height * 100}%`,
					}}
				/>
			))}
		</div>
	)
}

/**
 * Every flagged image of a style that waits for the agent: what may have changed, and the two
 * answers. Listed under the carousel (not only on the current slide), so it works the same
 * without JavaScript, where the carousel cannot move.
 */
export function RoomCheckPanel({ variations, label }: { variations: VariationView[]; label: string }) {
	const open = variations.map((v, i) => ({ v, position: i + 1 })).filter(({ v }) => v.roomCheck?.open)
	if (!open.length) return null
	return (
		<ul className="flex flex-col gap-2" aria-label={`${label}: room checks`}>
			{open.map(({ v, position }) => (
				<RoomCheckQuestion key={v.id} variation={v} name={`${label}, variation ${position}`} />
			))}
		</ul>
	)
}

function RoomCheckQuestion({ variation, name }: { variation: VariationView; name: string }) {
	const fetcher = useFetcher<{ result?: { status?: string } }>({ key: `room-check:${variation.id}` })
	const { toast } = useToast()
	const refused = fetcher.state === 'idle' && fetcher.data?.result?.status === 'error'
	useEffect(() => {
		if (refused) toast({ title: 'Error', description: 'Failed to answer the room check', variant: 'destructive' })
	}, [refused, toast])
	const busy = fetcher.state !== 'idle'
	return (
		<li className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
			<p>
				<strong>{name}:</strong> {roomCheckSentence(variation.roomCheck!)}. Listings may add furniture, not change the
				property.
			</p>
			<fetcher.Form method="post" action={intentAction('results', 'room-check')} className="flex flex-wrap gap-2">
				<input type="hidden" name="variationId" value={variation.id} />
				<PlainFormReturn step="results" />
				<Button type="submit" name="answer" value="kept" size="sm" variant="outline" className="h-11" disabled={busy}>
					I have looked at it
				</Button>
				<Button type="submit" name="answer" value="replaced" size="sm" className="h-11" disabled={busy}>
					Replace it free
				</Button>
			</fetcher.Form>
		</li>
	)
}
