import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { AuthCard } from '#app/components/auth-card.tsx'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { NewAccountFieldset } from '#app/components/new-account-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { commitLogin, requireAnonymous } from '#app/utils/auth.server.ts'
import { replyWithError } from '#app/utils/auth-form.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { useFailureToast } from '#app/utils/use-failure-toast.ts'
import { RegisterSchema } from '#core/accounts/auth.schema.ts'
import { registerUser } from '#core/accounts/register.ts'

export const meta: MetaFunction = () => [
	{ title: 'Create your account | Rendo' },
	{ name: 'description', content: 'Create a Rendo account and stage your first property in minutes. No setup fees.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request }: ActionFunctionArgs) {
	const submission = parseWithZod(await request.formData(), { schema: RegisterSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
	try {
		const user = await registerUser(submission.value)
		return redirect('/dashboard', { headers: await commitLogin(user.id) })
	} catch (error) {
		return replyWithError(submission, error)
	}
}

export default function RegisterPage() {
	const actionData = useActionData<typeof action>()
	const isPending = useIsPending()
	const [form, fields] = useForm({
		id: 'register',
		lastResult: actionData?.result,
		constraint: getZodConstraint(RegisterSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
	})
	useFailureToast(actionData?.result, 'Failed to create account. Please try again.')

	return (
		<AuthCard title="Create your account" subtitle="Stage your first property in minutes">
			<Form method="post" className="flex flex-col gap-1" {...getFormProps(form)}>
				<FormAlert id={form.errorId} errors={form.errors} />
				<NewAccountFieldset fields={fields}>
					<Field
						labelProps={{ children: 'Username' }}
						inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
						errors={fields.username.errors}
					/>
				</NewAccountFieldset>
				<Button type="submit" disabled={isPending} className="mt-2 w-full">
					{isPending ? 'Creating account...' : 'Create Account'}
				</Button>
			</Form>
			<p className="mt-6 text-center text-sm text-muted-foreground">
				Already have an account?{' '}
				<Link to="/login" className="font-medium text-accent underline-offset-4 hover:underline">
					Sign in
				</Link>
			</p>
		</AuthCard>
	)
}
