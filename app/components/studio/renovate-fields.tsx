/** The Renovate panel's fields: the surfaces the photo shows, each ticked with what it becomes. */
import { useState } from 'react'
import { cn } from '#app/utils/cn.ts'
import { FLOOR_MATERIALS, RENOVATED_SURFACES, WALL_COLOURS, WORKTOP_MATERIALS } from '#core/edits/edit.schema.ts'
import { type DetectedSurface, type OpenPanel, OTHER_COLOUR } from './edit-room.ts'
import { PickablePhoto } from './pickable-photo.tsx'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What a surface becomes: a colour (swatches and a picker for walls), or a material from the schema's list. */
function SurfaceChoice({ surface, onChosen }: { surface: DetectedSurface; onChosen: () => void }) {
	const name = `becomes.${surface.name}`
	const disabled = !surface.renovatable
	const label = capitalised(surface.name)
	if (surface.name === 'walls')
		return (
			<fieldset className="flex flex-wrap items-center gap-2 pl-7" disabled={disabled}>
				<legend className="sr-only">Walls colour</legend>
				{WALL_COLOURS.map((swatch, i) => (
					<label key={swatch.hex} className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
						<input
							type="radio"
							name={name}
							value={swatch.hex}
							defaultChecked={i === 0}
							onChange={onChosen}
							className="size-4 accent-brand"
						/>
						<span
							aria-hidden
							className="size-5 rounded-full border border-gray-300"
							style={{ background: swatch.hex }}
						/>
						{swatch.name}
					</label>
				))}
				<label className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
					<input type="radio" name={name} value={OTHER_COLOUR} onChange={onChosen} className="size-4 accent-brand" />
					Another colour
				</label>
				<input
					type="color"
					name={`other.${surface.name}`}
					defaultValue="#c9b8a6"
					aria-label="Walls: another colour"
					onChange={(event) => {
						const other = event.currentTarget.form?.querySelector<HTMLInputElement>(
							`input[name="${name}"][value="${OTHER_COLOUR}"]`,
						)
						if (other) other.checked = true
						onChosen()
					}}
					className="h-11 w-14 cursor-pointer rounded border border-gray-300"
				/>
			</fieldset>
		)
	const materials = surface.name === 'floor' ? FLOOR_MATERIALS : surface.name === 'worktops' ? WORKTOP_MATERIALS : null
	if (materials)
		return (
			<select
				name={name}
				aria-label={`${label}: material`}
				disabled={disabled}
				onChange={onChosen}
				className="ml-7 h-11 w-fit rounded-md border border-gray-300 bg-white px-3 text-sm disabled:opacity-60"
			>
				{materials.map((m) => (
					<option key={m} value={m}>
						{capitalised(m)}
					</option>
				))}
			</select>
		)
	return (
		<input
			type="color"
			name={name}
			defaultValue="#f2ede3"
			aria-label={`${label}: colour`}
			disabled={disabled}
			onChange={onChosen}
			className="ml-7 h-11 w-14 cursor-pointer rounded border border-gray-300 disabled:opacity-60"
		/>
	)
}

export function RenovateFields({ panel, errorsId }: { panel: OpenPanel; errorsId: string }) {
	const surfaces = RENOVATED_SURFACES.flatMap((name) => panel.surfaces.filter((s) => s.name === name))
	const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
	const tick = (name: string, on: boolean) =>
		setTicked((current) => {
			const next = new Set(current)
			if (on) next.add(name)
			else next.delete(name)
			return next
		})
	return (
		<>
			<PickablePhoto panel={panel} picked={new Set()} />
			<fieldset className="flex flex-col gap-3" aria-describedby={errorsId}>
				<legend className="mb-1 text-sm font-semibold text-gray-900">What to renovate</legend>
				<p className="text-sm text-muted-foreground">
					Only the surfaces ticked change; the furniture and everything else stay as they are.
				</p>
				{panel.notRenovatable ? (
					<p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
						{panel.notRenovatable}.
					</p>
				) : null}
				{surfaces.length ? null : (
					<p className="text-sm text-gray-900">This photo shows no walls, floor, ceiling or kitchen to renovate.</p>
				)}
				{surfaces.map((surface) => (
					<div key={surface.name} className="flex flex-col gap-1">
						<label
							className={cn(
								'flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium',
								!surface.renovatable && 'cursor-not-allowed text-muted-foreground',
							)}
						>
							<input
								type="checkbox"
								name="surface"
								value={surface.name}
								disabled={!surface.renovatable}
								checked={ticked.has(surface.name)}
								onChange={(event) => tick(surface.name, event.target.checked)}
								className="size-5 accent-brand"
							/>
							{capitalised(surface.name)}
							{surface.renovatable ? null : <span className="font-normal">(needs a staging provider)</span>}
						</label>
						<SurfaceChoice surface={surface} onChosen={() => tick(surface.name, true)} />
					</div>
				))}
			</fieldset>
		</>
	)
}
