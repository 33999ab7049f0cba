import { openAsBlob } from 'node:fs'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { TransformForm } from '#app/components/transform/transform-form.tsx'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { useRootData } from '#app/root.tsx'
import { InputError, RateLimitError } from '#core/errors.ts'
import {
	FILE_TOO_LARGE,
	formAreas,
	TRANSFORM_MAX_BYTES,
	TransformFormSchema,
} from '#core/transformations/transformation.schema.ts'
import { createTransformation } from '#core/transformations/transformations.ts'

export const meta: MetaFunction = () => [
	{ title: 'Transform Your Property | Rendo' },
	{ name: 'description', content: 'Upload a photo or paste a listing link, pick a style and the areas to stage.' },
]

/** The parsed multipart fields and the file on disk, as the form data the browser's schema reads. */
async function asFormData(fields: Record<string, string>, file: { path: string; name: string } | null) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(fields)) formData.set(name, value)
	// a lazy blob over the temp file: its size is known without reading it
	if (file) formData.set('image', new File([await openAsBlob(file.path)], file.name))
	return formData
}

/** The form's post (also from the landing page's #transform section): starts it, then /dashboard. */
export async function action({ request }: ActionFunctionArgs) {
	const session = await getSessionUser(request)
	// anonymous visitors may see the form but not submit it (spec 02 §5, §6)
	if (!session)
		return redirectWithToast('/login?redirectTo=/transform', {
			type: 'error',
			title: 'Login required',
			description: 'Please log in or register to transform photos',
		})
	const upload = await parseUpload(request, {
		fileField: 'image',
		maxBytes: TRANSFORM_MAX_BYTES,
		tooLarge: FILE_TOO_LARGE,
	}).catch((error) => {
		if (error instanceof InputError) return error
		throw error
	})
	if (upload instanceof InputError)
		return data(
			{
				message: upload.message,
				result: { status: 'error' as const, error: { '': [upload.message], ...upload.fieldErrors } },
			},
			{ status: 400 },
		)
	const { fields, file } = upload
	try {
		const submission = parseWithZod(await asFormData(fields, file), { schema: TransformFormSchema })
		if (submission.status !== 'success') {
			const result = submission.reply()
			const message = Object.values(result.error ?? {}).flat()[0] ?? 'Failed to start transformation'
			return data({ message, result }, { status: 400 })
		}
		const { image: _image, ...values } = submission.value
		try {
			await createTransformation(session.actor, { ...values, areas: formAreas(values) }, file)
		} catch (error) {
			if (error instanceof RateLimitError)
				return data(
					{ message: error.message, result: submission.reply({ formErrors: [error.message] }) },
					{ status: 429 },
				)
			if (!(error instanceof InputError)) throw error
			return data(
				{
					message: error.message,
					result: submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors }),
				},
				{ status: 400 },
			)
		}
	} finally {
		await file?.cleanup()
	}
	return redirectWithToast('/dashboard', {
		type: 'success',
		title: 'Transformation started',
		description: 'Your styled images will be ready in a few minutes.',
	})
}

export default function TransformPage() {
	const user = useRootData()?.user ?? null
	// only set when the form was posted without JavaScript (the fetcher keeps its own answer)
	const refused = useActionData<typeof action>()
	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Transform Your Property</h1>
				<p className="text-muted-foreground">
					Upload a photo or paste a listing link, pick a style and the areas to stage.
				</p>
			</div>
			<div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
				<TransformForm user={user} refusal={refused?.message} lastResult={refused?.result} />
			</div>
		</div>
	)
}
