import { Form, Link } from '@remix-run/react'
import { CircleCheck, RotateCcw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { settingLabel } from '#core/brochures/labels.ts'
import { roomTypeLabel, styleLabel } from '#core/studio/labels.ts'

export type SubmittedPreference = {
	message: string
	details: {
		clientName: string
		propertyAddress: string
		stylePreference: string
		agentEmail: string
		qualityLevel: string | null
		lightingPreference: string | null
		rooms: Array<{ roomType: string }>
		brochureId: string | null
	}
}

/**
 * What was sent, what happens next, and a way to start again (the page afresh: every field,
 * photo and message back to the start). Focus moves here so it is announced.
 */
export function PreferenceConfirmation({ result, resetLabel }: { result: SubmittedPreference; resetLabel: string }) {
	const heading = useRef<HTMLHeadingElement>(null)
	useEffect(() => heading.current?.focus(), [])
	const { details } = result
	const rows: Array<[string, string]> = [
		['Client', details.clientName],
		['Property', details.propertyAddress],
		['Style', styleLabel(details.stylePreference)],
		[
			'Rooms',
			details.rooms.length ? details.rooms.map((r) => roomTypeLabel(r.roomType)).join(', ') : 'From the listing',
		],
		...(details.qualityLevel ? ([['Quality', settingLabel(details.qualityLevel)]] as Array<[string, string]>) : []),
		...(details.lightingPreference
			? ([['Lighting', settingLabel(details.lightingPreference)]] as Array<[string, string]>)
			: []),
		['Notice goes to', details.agentEmail],
	]
	return (
		<section
			aria-labelledby="preference-confirmation"
			className="flex flex-col gap-5 rounded-xl border border-green-200 bg-green-50/60 p-5 sm:p-6"
		>
			<div className="flex items-start gap-3">
				<CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-green-700" />
				<div className="flex flex-col gap-1">
					<h2
						id="preference-confirmation"
						ref={heading}
						tabIndex={-1}
						className="text-xl font-bold text-gray-900 focus:outline-none"
					>
						Preferences Submitted
					</h2>
					<p className="text-gray-700">{result.message}</p>
				</div>
			</div>
			<dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-2">
				{rows.map(([term, value]) => (
					<div key={term} className="flex flex-col">
						<dt className="text-muted-foreground">{term}</dt>
						<dd className="font-medium break-words text-gray-900">{value}</dd>
					</div>
				))}
			</dl>
			<div className="flex flex-col gap-3 sm:flex-row">
				<Form method="get" action="." className="contents">
					<Button type="submit">
						<RotateCcw aria-hidden className="size-4" />
						{resetLabel}
					</Button>
				</Form>
				{details.brochureId ? (
					<Link to="/brochures" className={buttonClasses({ variant: 'outline' })}>
						Go to Brochure Dashboard
					</Link>
				) : null}
			</div>
		</section>
	)
}
