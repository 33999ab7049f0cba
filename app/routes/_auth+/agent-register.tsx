import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { Award, CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { AuthCard } from '#app/components/auth-card.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { NewAccountFieldset } from '#app/components/new-account-fields.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { commitLogin, requireAnonymous } from '#app/utils/auth.server.ts'
import { replyWithError } from '#app/utils/auth-form.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { agentWelcomeMessage } from '#core/accounts/agent-welcome.ts'
import { AgentRegisterSchema } from '#core/accounts/auth.schema.ts'
import { PIONEER_SPOTS } from '#core/accounts/pioneer-program.ts'
import { pioneerStatus, registerAgent } from '#core/accounts/register.ts'

export const meta: MetaFunction = () => [
	{ title: 'Join the Pioneer Program | Rendo' },
	{ name: 'description', content: 'Join Rendo as an estate agent and start transforming properties in 20-30 minutes.' },
]

const REDIRECT_AFTER_MS = 3_000

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return pioneerStatus()
}

export async function action({ request }: ActionFunctionArgs) {
	const submission = parseWithZod(await request.formData(), { schema: AgentRegisterSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
	try {
		const user = await registerAgent(submission.value)
		const welcome = {
			message: agentWelcomeMessage(user),
			isPioneerAgent: user.isPioneerAgent,
			pioneerPosition: user.pioneerPosition,
		}
		return data({ result: submission.reply(), welcome }, { headers: await commitLogin(user.id) })
	} catch (error) {
		return replyWithError(submission, error)
	}
}

type AgentWelcome = { message: string; isPioneerAgent: boolean; pioneerPosition: number | null }

function Welcome({ welcome }: { welcome: AgentWelcome }) {
	const navigate = useNavigate()
	const { toast } = useToast()
	useEffect(() => {
		toast({
			title: welcome.isPioneerAgent ? 'Welcome Pioneer Agent!' : 'Welcome to Rendo!',
			description: welcome.message,
			variant: 'success',
		})
		const timer = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_MS)
		return () => clearTimeout(timer)
	}, [welcome, navigate, toast])

	return (
		<AuthCard title={welcome.isPioneerAgent ? `Pioneer Agent #${welcome.pioneerPosition}` : 'Welcome to Rendo!'}>
			<div className="flex flex-col gap-4">
				<p className="flex items-center gap-2 text-sm text-gray-700">
					<CheckCircle2 className="size-5 text-green-600" aria-hidden /> {welcome.message}
				</p>
				{welcome.isPioneerAgent ? (
					<ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
						<li>Exclusive launch campaign access</li>
						<li>First to receive new features</li>
						<li>Direct feedback channel to founders</li>
					</ul>
				) : null}
				<p className="text-sm text-muted-foreground">Taking you to your dashboard…</p>
				<Link to="/dashboard" className={buttonClasses()}>
					Go to Dashboard
				</Link>
			</div>
		</AuthCard>
	)
}

export default function AgentRegisterPage() {
	const pioneer = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isPending = useIsPending()
	const { toast } = useToast()
	const [form, fields] = useForm({
		id: 'agent-register',
		lastResult: actionData?.result,
		constraint: getZodConstraint(AgentRegisterSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AgentRegisterSchema }),
	})
	const welcome = actionData && 'welcome' in actionData ? (actionData.welcome as AgentWelcome) : null
	const result = actionData?.result
	useEffect(() => {
		if (result?.status === 'error' && result.error && Object.keys(result.error).length)
			toast({
				title: 'Registration Failed',
				description: 'Failed to create account. Please try again.',
				variant: 'destructive',
			})
	}, [result, toast])

	if (welcome) return <Welcome welcome={welcome} />

	return (
		<AuthCard title="Join Rendo as an agent" subtitle="Start transforming properties in 20-30 minutes.">
			{pioneer.isPioneerProgramActive ? (
				<div className="mb-5 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
					<Award className="size-5 shrink-0" aria-hidden />
					<div>
						<p className="font-semibold">Pioneer Program</p>
						<p>
							First {PIONEER_SPOTS} agents get exclusive Pioneer status. {pioneer.pioneerSpotsRemaining} of{' '}
							{PIONEER_SPOTS} spots left.
						</p>
					</div>
				</div>
			) : null}
			<Form method="post" className="flex flex-col gap-1" {...getFormProps(form)}>
				<FormAlert id={form.errorId} errors={form.errors} />
				<NewAccountFieldset fields={fields} />
				<Button type="submit" disabled={isPending} className="mt-2 w-full">
					{isPending ? 'Creating Account...' : 'Create Agent Account'}
				</Button>
			</Form>
			<p className="mt-6 text-center text-sm text-muted-foreground">
				Already registered?{' '}
				<Link to="/login" className="font-medium text-accent underline-offset-4 hover:underline">
					Sign in
				</Link>
			</p>
		</AuthCard>
	)
}
