import { useInputControl, type FieldMetadata } from '@conform-to/react'
import { ErrorList } from '#app/components/forms.tsx'

const HEX = /^#[0-9a-f]{6}$/i

/**
 * A brand colour: the hex text (what is sent, checked as #RRGGBB) beside the browser's colour
 * picker, both showing the same value, with a live swatch.
 */
export function ColourField({ label, field }: { label: string; field: FieldMetadata<string> }) {
	const control = useInputControl(field)
	const value = control.value ?? ''
	const valid = HEX.test(value)
	const errorId = field.errors?.length ? field.errorId : undefined
	return (
		<div className="flex flex-col gap-1.5">
			<label htmlFor={field.id} className="text-sm font-medium text-gray-800">
				{label}
			</label>
			<div className="flex items-center gap-2">
				<input
					type="color"
					aria-label={`${label} picker`}
					value={valid ? value.toLowerCase() : '#000000'}
					onChange={(event) => control.change(event.currentTarget.value)}
					className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
				/>
				<input
					id={field.id}
					name={field.name}
					value={value}
					onChange={(event) => control.change(event.currentTarget.value)}
					onBlur={control.blur}
					spellCheck={false}
					autoComplete="off"
					aria-invalid={errorId ? true : undefined}
					aria-describedby={errorId}
					className="h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 font-mono text-base uppercase shadow-sm aria-[invalid]:border-destructive"
				/>
			</div>
			<div className="min-h-5">
				<ErrorList id={errorId} errors={field.errors} />
			</div>
		</div>
	)
}
