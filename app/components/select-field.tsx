import { useId, type LabelHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { ErrorList, type ListOfErrors } from '#app/components/forms.tsx'
import { cn } from '#app/utils/cn.ts'

const controlClasses =
	'rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm aria-[invalid]:border-destructive disabled:opacity-60'

function useErrorId(id: string | undefined, errors: ListOfErrors) {
	const fallbackId = useId()
	const controlId = id ?? fallbackId
	return { controlId, errorId: errors?.filter(Boolean).length ? `${controlId}-error` : undefined }
}

/** A labelled native select (keyboard and screen-reader friendly on phones), errors tied to it like Field's. */
export function SelectField({
	labelProps,
	selectProps,
	options,
	errors,
	className,
}: {
	labelProps: LabelHTMLAttributes<HTMLLabelElement>
	selectProps: SelectHTMLAttributes<HTMLSelectElement>
	options: ReadonlyArray<{ value: string; label: string }>
	errors?: ListOfErrors
	className?: string
}) {
	const { controlId, errorId } = useErrorId(selectProps.id, errors)
	return (
		<div className={cn('flex flex-col gap-1.5', className)}>
			<label htmlFor={controlId} className="text-sm font-medium text-gray-800" {...labelProps}>
				{labelProps.children}
			</label>
			<select
				id={controlId}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				className={cn(controlClasses, 'h-11')}
				{...selectProps}
			>
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
			<div className="min-h-5">
				<ErrorList id={errorId} errors={errors} />
			</div>
		</div>
	)
}

export function TextareaField({
	labelProps,
	textareaProps,
	errors,
	className,
}: {
	labelProps: LabelHTMLAttributes<HTMLLabelElement>
	textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
	errors?: ListOfErrors
	className?: string
}) {
	const { controlId, errorId } = useErrorId(textareaProps.id, errors)
	return (
		<div className={cn('flex flex-col gap-1.5', className)}>
			<label htmlFor={controlId} className="text-sm font-medium text-gray-800" {...labelProps}>
				{labelProps.children}
			</label>
			<textarea
				id={controlId}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				rows={5}
				className={cn(controlClasses, 'py-2')}
				{...textareaProps}
			/>
			<div className="min-h-5">
				<ErrorList id={errorId} errors={errors} />
			</div>
		</div>
	)
}
