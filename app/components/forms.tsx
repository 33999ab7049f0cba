import { useId, type InputHTMLAttributes, type LabelHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className="flex flex-col gap-1">
			{shown.map((e) => (
				<li key={e} className="text-sm text-destructive">
					{e}
				</li>
			))}
		</ul>
	)
}

/** A labelled input whose errors are tied to it with aria-describedby. */
export function Field({
	labelProps,
	inputProps,
	errors,
	className,
}: {
	labelProps: LabelHTMLAttributes<HTMLLabelElement>
	inputProps: InputHTMLAttributes<HTMLInputElement>
	errors?: ListOfErrors
	className?: string
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div className={cn('flex flex-col gap-1.5', className)}>
			<label htmlFor={id} className="text-sm font-medium text-gray-800" {...labelProps}>
				{labelProps.children}
			</label>
			<input
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				className="h-11 rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm aria-[invalid]:border-destructive"
				{...inputProps}
			/>
			<div className="min-h-5">
				<ErrorList id={errorId} errors={errors} />
			</div>
		</div>
	)
}

/** The red box above a form for errors that belong to no single field. */
export function FormAlert({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<div
			id={id}
			role="alert"
			className="rounded-md border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
		>
			{shown.join(' ')}
		</div>
	)
}
