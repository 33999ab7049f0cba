import { Link } from '@remix-run/react'
import { cn } from '#app/utils/cn.ts'

export type Mode = 'single' | 'multi'

export const MODES: Array<{ value: Mode; label: string; description: string }> = [
	{
		value: 'single',
		label: 'Single room',
		description: 'One photo (or the listing link) and the area your client cares about.',
	},
	{
		value: 'multi',
		label: 'Multi-room brochure',
		description: 'Between 2 and 10 room photos, each staged in your client’s style.',
	},
]

/** The address of the client form in a mode: the form posts there, and without JavaScript it is how the mode is chosen. */
export const modeAction = (mode: Mode) => `?intent=${mode}`

const card = (chosen: boolean) =>
	cn(
		'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-accent/40',
		chosen ? 'border-accent bg-blue-50/50' : 'border-gray-200 bg-white',
	)

function ModeText({ option }: { option: (typeof MODES)[number] }) {
	return (
		<span className="flex flex-col gap-0.5">
			<span className="font-medium text-gray-900">{option.label}</span>
			<span className="text-muted-foreground">{option.description}</span>
		</span>
	)
}

/**
 * Single room or multi-room brochure. The mode decides the photo rules, which the server must
 * know before it reads the photos, so it is in the form's address: with JavaScript a radio
 * switches it in place; without, each mode is a link to the form in that mode.
 */
export function ModeChoice({
	mode,
	interactive,
	onChange,
}: {
	mode: Mode
	interactive: boolean
	onChange: (mode: Mode) => void
}) {
	return (
		<fieldset className="mt-1 mb-4 flex flex-col gap-2">
			<legend className="mb-2 text-sm font-medium text-gray-800">Brochure type</legend>
			<div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
				{MODES.map((option) =>
					interactive ? (
						<label key={option.value} className={card(mode === option.value)}>
							<input
								type="radio"
								name="mode"
								value={option.value}
								checked={mode === option.value}
								onChange={() => onChange(option.value)}
								className="mt-0.5 size-4 accent-[var(--color-accent)]"
							/>
							<ModeText option={option} />
						</label>
					) : (
						<Link
							key={option.value}
							to={modeAction(option.value)}
							aria-current={mode === option.value ? 'true' : undefined}
							className={card(mode === option.value)}
						>
							<ModeText option={option} />
						</Link>
					),
				)}
			</div>
		</fieldset>
	)
}
