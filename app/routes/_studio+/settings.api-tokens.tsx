import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { KeyRound } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { SelectField } from '#app/components/select-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { CreateAccessTokenSchema, SCOPE_DESCRIPTIONS } from '#core/accounts/access-token.schema.ts'
import {
	type AccessTokenView,
	createAccessToken,
	listAccessTokens,
	MAX_LIVE_TOKENS,
	revokeAccessToken,
} from '#core/accounts/access-tokens.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError, NotFoundError, RateLimitError } from '#core/errors.ts'

export const meta: MetaFunction = () => [
	{ title: 'API Tokens | Rendo' },
	{ name: 'description', content: 'Personal access tokens for scripts and the command line.' },
]

const noStore = { 'Cache-Control': 'no-store' }

const iso = (date: Date | null) => date?.toISOString() ?? null

function listed(token: AccessTokenView) {
	return {
		...token,
		createdAt: iso(token.createdAt)!,
		expiresAt: iso(token.expiresAt),
		lastUsedAt: iso(token.lastUsedAt),
	}
}
type ListedToken = ReturnType<typeof listed>

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const tokens = await listAccessTokens(actor)
	return data(
		{ tokens: tokens.map(listed), staff: actor.kind === 'user' && actor.isAdmin, max: MAX_LIVE_TOKENS },
		{ headers: noStore },
	)
}

const intents = {
	/** The secret is in this one answer (not a redirect, so it never travels in a cookie or an address). */
	create: async ({ actor, formData }: { actor: Actor; formData: FormData }) => {
		const submission = parseWithZod(formData, { schema: CreateAccessTokenSchema })
		if (submission.status !== 'success')
			return data({ result: submission.reply(), created: null }, { status: 400, headers: noStore })
		try {
			const { token, secret } = await createAccessToken(actor, submission.value)
			return data(
				{ result: submission.reply({ resetForm: true }), created: { secret, name: token.name } },
				{ headers: noStore },
			)
		} catch (error) {
			if (error instanceof InputError)
				return data(
					{
						// A field's refusal sits under its field; one about the whole form (the 20 limit) above it.
						result: Object.keys(error.fieldErrors).length
							? submission.reply({ fieldErrors: error.fieldErrors })
							: submission.reply({ formErrors: [error.message] }),
						created: null,
					},
					{ status: 400, headers: noStore },
				)
			if (error instanceof RateLimitError)
				return data(
					{ result: submission.reply({ formErrors: [error.message] }), created: null },
					{ status: 429, headers: { ...noStore, 'Retry-After': String(error.retryAfterSeconds) } },
				)
			throw error
		}
	},
	revoke: async ({ actor, formData }: { actor: Actor; formData: FormData }) => {
		try {
			const token = await revokeAccessToken(actor, String(formData.get('tokenId') ?? ''))
			return redirectWithToast('/settings/api-tokens', {
				type: 'success',
				title: 'Token revoked',
				description: `"${token.name}" no longer works.`,
			})
		} catch (error) {
			if (!(error instanceof NotFoundError)) throw error
			return redirectWithToast('/settings/api-tokens', {
				type: 'error',
				title: 'Token not found',
				description: 'It may have been revoked already.',
			})
		}
	},
}

/** Create (`?intent=create`) and revoke (`?intent=revoke`): plain form posts, cookies only. */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, intents, { actor, formData: await request.formData() })
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

const EXPIRY_OPTIONS = [
	{ value: '30', label: '30 days' },
	{ value: '90', label: '90 days' },
	{ value: '365', label: '365 days' },
	{ value: 'never', label: 'No expiry' },
]

function CreatedSecret({ name, secret }: { name: string; secret: string }) {
	return (
		<section
			aria-labelledby="new-token-title"
			className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-4 sm:p-5"
		>
			<h2 id="new-token-title" className="font-semibold text-green-900">
				Your new token "{name}"
			</h2>
			<p className="text-sm text-green-900">
				Copy it now: this is the only time it is shown. Send it as <code>Authorization: Bearer …</code>.
			</p>
			<label htmlFor="new-token-secret" className="sr-only">
				New token
			</label>
			<input
				id="new-token-secret"
				readOnly
				value={secret}
				onFocus={(event) => event.currentTarget.select()}
				className="h-11 rounded-md border border-green-300 bg-white px-3 font-mono text-sm"
			/>
		</section>
	)
}

function CreateTokenForm({ staff, full }: { staff: boolean; full: boolean }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const creating = navigation.state !== 'idle' && navigation.formAction?.includes('intent=create')
	const [form, fields] = useForm({
		id: 'create-token',
		lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
		constraint: getZodConstraint(CreateAccessTokenSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateAccessTokenSchema }),
		defaultValue: { scope: 'read', expiresIn: '90' },
	})
	const scopes = (['read', 'write', ...(staff ? ['staff' as const] : [])] as const).map((scope) => ({
		value: scope,
		label: `${scope}: ${SCOPE_DESCRIPTIONS[scope]}`,
	}))
	return (
		<Form
			method="post"
			action="?intent=create"
			className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
			{...getFormProps(form)}
		>
			<h2 className="font-semibold text-gray-900">New token</h2>
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field
				labelProps={{ children: 'Name' }}
				inputProps={{
					...getInputProps(fields.name, { type: 'text' }),
					placeholder: 'Office laptop',
					autoComplete: 'off',
				}}
				errors={fields.name.errors}
			/>
			<SelectField
				labelProps={{ children: 'Scope' }}
				selectProps={getSelectProps(fields.scope)}
				options={scopes}
				errors={fields.scope.errors}
			/>
			<SelectField
				labelProps={{ children: 'Expires' }}
				selectProps={getSelectProps(fields.expiresIn)}
				options={EXPIRY_OPTIONS}
				errors={fields.expiresIn.errors}
			/>
			<Button type="submit" disabled={creating || full} className="self-start">
				<KeyRound aria-hidden className="size-4" />
				{creating ? 'Creating...' : 'Create Token'}
			</Button>
		</Form>
	)
}

function TokenRow({ token }: { token: ListedToken }) {
	const navigation = useNavigation()
	const revoking = navigation.state !== 'idle' && navigation.formData?.get('tokenId') === token.id
	return (
		<li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
			<div className="flex min-w-0 flex-col gap-0.5 text-sm">
				<h3 className="font-semibold break-words text-gray-900">{token.name}</h3>
				<p className="text-gray-700">
					Scope: <span className="font-medium">{token.scope}</span>
				</p>
				<p className="text-muted-foreground">Created {dateTime.format(new Date(token.createdAt))} UTC</p>
				<p className="text-muted-foreground">
					{token.lastUsedAt
						? `Last used ${dateTime.format(new Date(token.lastUsedAt))} UTC from ${token.lastUsedAddress}`
						: 'Never used'}
				</p>
				<p className={token.expired ? 'font-medium text-destructive' : 'text-muted-foreground'}>
					{token.expiresAt
						? `${token.expired ? 'Expired' : 'Expires'} ${day.format(new Date(token.expiresAt))}`
						: 'Never expires'}
				</p>
			</div>
			<Form method="post" action="?intent=revoke">
				<input type="hidden" name="tokenId" value={token.id} />
				<Button type="submit" variant="outline" disabled={revoking} aria-label={`Revoke ${token.name}`}>
					{revoking ? 'Revoking...' : 'Revoke'}
				</Button>
			</Form>
		</li>
	)
}

export default function ApiTokensPage() {
	const { tokens, staff, max } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const created = actionData && 'created' in actionData ? actionData.created : null
	const live = tokens.filter((t) => !t.expired).length
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">API Tokens</h1>
				<p className="text-muted-foreground">
					Personal access tokens let scripts and the command line use the Rendo API as you. Each has a scope, and only
					its holder needs it: keep it as you would a password.
				</p>
			</div>
			{created ? <CreatedSecret name={created.name} secret={created.secret} /> : null}
			<CreateTokenForm staff={staff} full={live >= max} />
			{live >= max ? (
				<p className="text-sm text-muted-foreground">You have {max} live tokens, the most an account may have.</p>
			) : null}
			<section aria-labelledby="tokens-title" className="flex flex-col gap-3">
				<h2 id="tokens-title" className="font-semibold text-gray-900">
					Your tokens
				</h2>
				{tokens.length ? (
					<ul className="flex flex-col gap-3">
						{tokens.map((token) => (
							<TokenRow key={token.id} token={token} />
						))}
					</ul>
				) : (
					<p className="text-sm text-muted-foreground">You have no tokens yet.</p>
				)}
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
