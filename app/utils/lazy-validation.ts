import type { FormEvent } from 'react'

/**
 * A form's validation (zod schema and conform's parser, about 30 kB compressed) loaded when the
 * form is first used instead of with the page: the page hydrates sooner and its main thread stays
 * free at load. Start `load()` on the form's first focus or touch; `current` is the module once it
 * is in. Without JavaScript the form posts as it is and the server checks it with the same schema.
 */
export function lazyValidation<T>(load: () => Promise<T>) {
	let loaded: T | undefined
	let pending: Promise<T> | undefined
	return {
		get current() {
			return loaded
		},
		load() {
			pending ??= load().then(
				(module) => (loaded = module),
				(error) => {
					pending = undefined
					throw error
				},
			)
			return pending
		},
	}
}

/**
 * For a form's onSubmit, before conform's: a submit that comes before the validation is in waits
 * for it and is made again (same submitter). True when it held the submit back. If the module
 * cannot load, the form posts without JavaScript's help, and the server's answer shows.
 */
export function holdSubmitUntilLoaded(
	validation: ReturnType<typeof lazyValidation>,
	event: FormEvent<HTMLFormElement>,
) {
	if (validation.current) return false
	event.preventDefault()
	const form = event.currentTarget
	const submitter = (event.nativeEvent as SubmitEvent).submitter
	validation.load().then(
		() => {
			if (!submitter || submitter.isConnected) return form.requestSubmit(submitter)
			// conform's intents (a revalidation, a field's check) submit through a button it removes
			// right after: made again through a copy of it
			const copy = submitter.cloneNode() as HTMLElement
			document.body.append(copy)
			try {
				form.requestSubmit(copy)
			} finally {
				copy.remove()
			}
		},
		() => {
			if (!submitter || submitter.isConnected) form.submit()
		},
	)
	return true
}
