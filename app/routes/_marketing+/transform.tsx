import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { areaFieldName, TransformForm } from '#app/components/transform/transform-form.tsx'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { useRootData } from '#app/root.tsx'
import { InputError, RateLimitError } from '#core/errors.ts'
import { FILE_TOO_LARGE, TRANSFORM_AREAS, TRANSFORM_MAX_BYTES } from '#core/transformations/transformation.schema.ts'
import { createTransformation } from '#core/transformations/transformations.ts'

export const meta: MetaFunction = () => [
	{ title: 'Transform Your Property | Rendo' },
	{ name: 'description', content: 'Upload a photo or paste a listing link, pick a style and the areas to stage.' },
]

/** The form's area checkboxes (one field each) as the spec's `areas`; none ticked is the service's default. */
function withAreas(fields: Record<string, string>) {
	return { ...fields, areas: TRANSFORM_AREAS.filter((area) => fields[areaFieldName(area)]) }
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
	try {
		const { fields, file } = await parseUpload(request, {
			fileField: 'image',
			maxBytes: TRANSFORM_MAX_BYTES,
			tooLarge: FILE_TOO_LARGE,
		})
		try {
			await createTransformation(session.actor, withAreas(fields), file)
		} finally {
			await file?.cleanup()
		}
	} catch (error) {
		if (error instanceof RateLimitError) return data({ message: error.message, fieldErrors: {} }, { status: 429 })
		if (!(error instanceof InputError)) throw error
		return data({ message: error.message, fieldErrors: error.fieldErrors }, { status: 400 })
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
				<TransformForm user={user} refusal={refused?.message} />
			</div>
		</div>
	)
}
