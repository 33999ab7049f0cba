import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { AuthCard } from '#app/components/auth-card.tsx'
import { commitLogin, homeFor, requireAnonymous, safeRedirect } from '#app/utils/auth.server.ts'
import { replyWithError } from '#app/utils/auth-form.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { clientAddress } from '#app/utils/request.server.ts'
import { useFailureToast } from '#app/utils/use-failure-toast.ts'
import { userActor } from '#core/accounts/actor.ts'
import { LoginSchema } from '#core/accounts/auth.schema.ts'
import { login } from '#core/accounts/login.ts'
import { config } from '#core/platform/config.ts'

export const meta: MetaFunction = () => [
	{ title: 'Sign in | Rendo' },
	{
		name: 'description',
		content: 'Sign in to your Rendo account to stage rooms, keep favourites and send branded brochures.',
	},
]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: LoginSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	try {
		const user = await login(submission.value, { address: clientAddress(context) })
		const home = homeFor(userActor(user, config().ceoEmail))
		return redirect(safeRedirect(formData.get('redirectTo'), home), { headers: await commitLogin(user.id) })
	} catch (error) {
		return replyWithError(submission, error)
	}
}

export default function LoginPage() {
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const isPending = useIsPending()
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		constraint: getZodConstraint(LoginSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
	})
	useFailureToast(actionData?.result, 'Failed to login. Please check your credentials.')

	return (
		<AuthCard title="Welcome back" subtitle="Sign in to your Rendo account">
			<Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
				<FormAlert id={form.errorId} errors={form.errors} />
				<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
				<Field
					labelProps={{ children: 'Username' }}
					inputProps={{
						...getInputProps(fields.username, { type: 'text' }),
						autoComplete: 'username',
						autoFocus: true,
					}}
					errors={fields.username.errors}
				/>
				<Field
					labelProps={{ children: 'Password' }}
					inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
					errors={fields.password.errors}
				/>
				<Button type="submit" disabled={isPending} className="mt-2 w-full">
					{isPending ? 'Signing in...' : 'Sign In'}
				</Button>
			</Form>
			<p className="mt-6 text-center text-sm text-muted-foreground">
				Don't have an account?{' '}
				<Link to="/register" className="font-medium text-accent underline-offset-4 hover:underline">
					Create one
				</Link>
			</p>
		</AuthCard>
	)
}
