import 'zod-openapi/extend'
import { z } from 'zod'
import { type ACCESS_TOKEN_SCOPES, CreateAccessTokenSchema } from '#core/accounts/access-token.schema.ts'
import { AgentProfileSchema } from '#core/accounts/agent-profile.schema.ts'
import { AgentRegisterSchema, LoginSchema, RegisterSchema } from '#core/accounts/auth.schema.ts'
import { CheckoutChoiceSchema, CreatePaymentIntentSchema } from '#core/billing/checkout.schema.ts'
import { SendBrochureSchema } from '#core/brochures/brochure.schema.ts'
import { TrialFieldsSchema } from '#core/leads/trial.schema.ts'
import { ClientPreferenceSchema, DEMO_SOURCE, MultiRoomPreferenceSchema } from '#core/preferences/preferences.schema.ts'
import { EmailFinalImagesSchema } from '#core/studio/downloads.schema.ts'
import {
	CreateProjectRequestSchema,
	FavoriteSchema,
	KnownImportsSchema,
	ProcessRoomSchema,
	RemodelSchema,
	UploadRoomSchema,
} from '#core/studio/studio.schema.ts'
import { SameRoomSchema } from '#core/studio/room-views.ts'
import { RemoveSchema, RenovateSchema } from '#core/edits/edit.schema.ts'
import {
	CommentSchema,
	QuickActionSchema,
	ReportIssueSchema,
	TICKET_QUICK_ACTIONS,
	TicketListQuerySchema,
	UpdateTicketSchema,
} from '#core/tickets/ticket.schema.ts'
import { TransformRequestSchema } from '#core/transformations/transformation.schema.ts'
import { PHOTO_EDITS } from '#core/render/provider.ts'
import * as A from './answers.ts'

/**
 * Every operation of the JSON API under app/routes/api+/, with the zod schemas its route and core
 * use: the one list the OpenAPI document (openapi.server.ts) and the reference page are made from.
 * openapi.test.ts calls the routes and checks their answers against the document, and that every
 * route file is here with the methods it exports.
 */

/** Who may call: the least token scope that may (or the signed-in session), or anyone. */
export type Scope = (typeof ACCESS_TOKEN_SCOPES)[number]

type Binary = 'application/pdf' | 'application/zip' | 'image/jpeg' | 'image/png' | 'image/gif' | 'text/plain'

export interface Answer {
	description: string
	/** JSON answers; a binary answer names its media type instead. */
	schema?: z.ZodTypeAny
	binary?: Binary
	/** Headers a client should read (Retry-After, ETag). */
	headers?: Record<string, string>
}

export interface Operation {
	method: 'get' | 'post' | 'put' | 'delete'
	/** OpenAPI form: /api/property-studio/projects/{id} */
	path: string
	/** The route module under app/routes/api+/ (without .ts) that answers it. */
	route: string
	summary: string
	description?: string
	/**
	 * null: no account needed (public forms, token links, webhooks with their own proof);
	 * 'session': the signed-in session only, no access token (tokens are made by people, not tokens).
	 */
	scope: Scope | 'session' | null
	params?: z.AnyZodObject
	query?: z.AnyZodObject
	headers?: z.AnyZodObject
	body?: {
		type: 'json' | 'multipart'
		schema: z.ZodTypeAny
		required?: boolean
		/** Multipart fields sent as JSON text (an array in a form). */
		jsonFields?: string[]
	}
	answers: Record<number, Answer>
	tags: string[]
}

const uuid = (what: string) =>
	z
		.string()
		.uuid()
		.openapi({ description: `The ${what}'s id` })
const file = (description: string) => z.string().openapi({ type: 'string', format: 'binary', description })

/** Multipart: the form's fields, as core checks them, beside the file parts. */
const withFiles = (fields: z.ZodTypeAny, files: z.ZodRawShape) => z.intersection(fields, z.object(files))

const error = (description: string): Answer => ({ description, schema: A.ErrorAnswer })
const badInput = error("Bad input: `message` and `errors` per field, in the spec's words")
const notFound = error('Not found, or not yours to see')
const notYours = error('Not yours (or a token without the scope)')
const tooLarge = error('Request body is too large (checked while it streams)')
const conflictCompleted = error('The project is completed already: nothing changed')
const preparing: Answer = {
	description: 'The final images are still being made: ask again after Retry-After seconds',
	schema: A.Preparing,
	headers: { 'Retry-After': 'seconds' },
}

const idParam = (name: string, what: string) => z.object({ [name]: uuid(what) })

/** GET /api/property-studio/render-options: core's RenderOptions (core/studio/render-options.ts). */
const RenderOptionsAnswer = z
	.object({
		canEmptyRoom: z.boolean(),
		photoEdits: z.array(z.enum(PHOTO_EDITS)),
		unavailable: z.record(z.string()).openapi({
			description: 'per choice the provider does not make (empty, twilight, enhance): why, in one line',
		}),
	})
	.strict()
	.openapi({ ref: 'RenderOptions' })

export const operations: Operation[] = [
	// ---- accounts
	{
		method: 'post',
		path: '/api/auth/login',
		route: 'auth.login',
		tags: ['Accounts'],
		summary: 'Sign in',
		description:
			'Username or e-mail and password; sets the session cookie. Limited per address and per account (429 with Retry-After).',
		scope: null,
		body: { type: 'json', schema: LoginSchema },
		answers: {
			200: { description: 'Signed in; Set-Cookie carries the session', schema: A.PublicUser },
			400: badInput,
			401: error('Invalid username or password'),
			429: { ...error('Too many attempts'), headers: { 'Retry-After': 'seconds' } },
		},
	},
	{
		method: 'post',
		path: '/api/auth/logout',
		route: 'auth.logout',
		tags: ['Accounts'],
		summary: 'Sign out',
		description: 'Deletes the session row and clears the cookie; answers 200 without a session too.',
		scope: null,
		answers: { 200: { description: 'Signed out', schema: A.MessageAnswer } },
	},
	{
		method: 'get',
		path: '/api/auth/me',
		route: 'auth.me',
		tags: ['Accounts'],
		summary: 'The signed-in user',
		description: '`token` is the access token the request came with (`rendo whoami`), null for a session.',
		scope: 'read',
		answers: { 200: { description: 'The user, their role label and token', schema: A.MeAnswer } },
	},
	{
		method: 'post',
		path: '/api/access-tokens',
		route: 'access-tokens',
		tags: ['Accounts'],
		summary: 'Create a personal access token',
		description:
			'For the signed-in session only (`rendo login` signs in, then asks for a token): a request with a token is refused 403. The secret is in this answer only. At most 20 live tokens and 10 new ones an hour per account.',
		scope: 'session',
		body: { type: 'json', schema: CreateAccessTokenSchema },
		answers: {
			201: { description: 'The token and its secret', schema: A.AccessTokenCreated },
			400: badInput,
			429: { ...error('Too many tokens created this hour'), headers: { 'Retry-After': 'seconds' } },
		},
	},
	{
		method: 'delete',
		path: '/api/access-tokens/current',
		route: 'access-tokens.current',
		tags: ['Accounts'],
		summary: 'Revoke the token of this request',
		description:
			'`rendo logout`: revokes the access token in the Authorization header, whatever its scope; the next request with it is 401. A session without a token is 401.',
		scope: 'read',
		answers: { 200: { description: 'Revoked', schema: A.AccessTokenRevoked } },
	},
	{
		method: 'post',
		path: '/api/auth/register',
		route: 'auth.register',
		tags: ['Accounts'],
		summary: 'Create an account',
		scope: null,
		body: { type: 'json', schema: RegisterSchema },
		answers: {
			201: { description: 'Created and signed in', schema: A.PublicUser },
			400: badInput,
		},
	},
	{
		method: 'post',
		path: '/api/auth/register-agent',
		route: 'auth.register-agent',
		tags: ['Accounts'],
		summary: 'Create an agent account',
		description: 'The first five agents become Pioneer Agents.',
		scope: null,
		body: { type: 'json', schema: AgentRegisterSchema },
		answers: {
			201: { description: 'Created and signed in', schema: A.AgentRegistered },
			400: badInput,
		},
	},
	{
		method: 'get',
		path: '/api/pioneer-status',
		route: 'pioneer-status',
		tags: ['Accounts'],
		summary: 'Pioneer places left',
		scope: null,
		answers: { 200: { description: 'Whether the program is open', schema: A.PioneerStatus } },
	},
	{
		method: 'post',
		path: '/api/onboard-agent',
		route: 'onboard-agent',
		tags: ['Accounts'],
		summary: 'Create or update the agent brand profile',
		scope: 'write',
		body: {
			type: 'multipart',
			schema: withFiles(AgentProfileSchema, { logo: file('PNG, JPEG or SVG under 5 MB').optional() }),
		},
		answers: {
			200: { description: 'Profile updated', schema: A.Onboarded },
			201: { description: 'Profile created', schema: A.Onboarded },
			400: { description: 'Refused, with every message', schema: A.OnboardingRefused },
			413: tooLarge,
		},
	},
	{
		method: 'get',
		path: '/api/user/logo',
		route: 'user.logo',
		tags: ['Accounts'],
		summary: "The account's logo",
		scope: 'read',
		answers: { 200: { description: 'Whether there is one, and its URL', schema: A.LogoState } },
	},
	{
		method: 'get',
		path: '/api/user/logo/image',
		route: 'user.logo_.image',
		tags: ['Accounts'],
		summary: "The account's logo image",
		scope: 'read',
		query: z.object({ v: z.string().optional().openapi({ description: 'version: a new logo is a new URL' }) }),
		answers: { 200: { description: 'The logo as PNG', binary: 'image/png' }, 404: notFound },
	},
	{
		method: 'post',
		path: '/api/user/upload-logo',
		route: 'user.upload-logo',
		tags: ['Accounts'],
		summary: 'Upload the account logo',
		scope: 'write',
		body: { type: 'multipart', required: true, schema: z.object({ logo: file('PNG, JPEG or SVG under 5 MB') }) },
		answers: {
			200: { description: 'The new logo', schema: A.LogoState },
			400: badInput,
			413: tooLarge,
		},
	},
	{
		method: 'get',
		path: '/api/telegram/link',
		route: 'telegram.link',
		tags: ['Accounts'],
		summary: 'Telegram link state',
		scope: 'read',
		answers: { 200: { description: 'Whether the bot runs here, and the link', schema: A.TelegramLinkState } },
	},
	{
		method: 'post',
		path: '/api/telegram/link',
		route: 'telegram.link',
		tags: ['Accounts'],
		summary: 'A one-time code to link Telegram',
		scope: 'write',
		answers: {
			201: { description: 'The code and its t.me link', schema: A.TelegramLinkCode },
			503: error('The Telegram bot is not running right now'),
		},
	},
	{
		method: 'delete',
		path: '/api/telegram/link',
		route: 'telegram.link',
		tags: ['Accounts'],
		summary: 'Remove the Telegram link',
		scope: 'write',
		answers: { 200: { description: 'Whether a link was removed', schema: A.TelegramUnlinked } },
	},

	// ---- studio
	{
		method: 'get',
		path: '/api/property-studio/projects',
		route: 'property-studio.projects',
		tags: ['Studio'],
		summary: 'Your projects, newest first',
		scope: 'read',
		answers: { 200: { description: 'The projects', schema: z.array(A.Project) } },
	},
	{
		method: 'post',
		path: '/api/property-studio/projects',
		route: 'property-studio.projects',
		tags: ['Studio'],
		summary: 'Create a project',
		description:
			'With `importKey` a retry is safe: a key the account used before answers 200 with the project it made.',
		scope: 'write',
		body: { type: 'json', schema: CreateProjectRequestSchema },
		answers: {
			200: { description: 'The project this importKey made before', schema: A.Project },
			201: { description: 'The new project', schema: A.Project },
			400: badInput,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}',
		route: 'property-studio.projects.$id',
		tags: ['Studio'],
		summary: 'One project',
		scope: 'read',
		params: idParam('id', 'project'),
		answers: {
			200: { description: 'The project, with its originals page', schema: A.ProjectWithOriginals },
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/rooms',
		route: 'property-studio.projects.$id.rooms',
		tags: ['Studio'],
		summary: "A project's rooms, in upload order",
		scope: 'read',
		params: idParam('id', 'project'),
		answers: { 200: { description: 'The rooms', schema: z.array(A.Room) }, 403: notYours, 404: notFound },
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/variations',
		route: 'property-studio.projects.$id.variations',
		tags: ['Studio'],
		summary: "A project's variations, in gallery order",
		description:
			'Poll it: the answer has an ETag, and If-None-Match with it answers an empty 304 while nothing changed.',
		scope: 'read',
		params: idParam('id', 'project'),
		answers: {
			200: {
				description: 'The variations, pending ones as placeholders',
				schema: z.array(A.Variation),
				headers: { ETag: 'the gallery fingerprint' },
			},
			304: { description: 'Unchanged since the ETag sent in If-None-Match' },
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/favorites',
		route: 'property-studio.projects.$id.favorites',
		tags: ['Studio'],
		summary: "A project's favourite variations",
		scope: 'read',
		params: idParam('id', 'project'),
		answers: {
			200: {
				description: 'The favourites',
				schema: z.array(A.Variation),
				headers: { ETag: 'the gallery fingerprint' },
			},
			304: { description: 'Unchanged since the ETag sent in If-None-Match' },
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/upload-image',
		route: 'property-studio.upload-image',
		tags: ['Studio'],
		summary: 'Add a room from a photo',
		description:
			"JPEG, PNG or WebP, at most 10 MB and 40 megapixels. With `uploadKey` a retry is safe: a key the project's owner used before answers 200 with the room it made (`existing: true`), storing nothing; a key used for another project is 400.",
		scope: 'write',
		body: { type: 'multipart', required: true, schema: withFiles(UploadRoomSchema, { image: file('the room photo') }) },
		answers: {
			200: { description: 'The room this uploadKey made before', schema: A.RoomUploaded },
			201: { description: 'The new room', schema: A.RoomUploaded },
			400: badInput,
			403: notYours,
			404: notFound,
			413: tooLarge,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/imports/known',
		route: 'property-studio.imports.known',
		tags: ['Studio'],
		summary: 'Which idempotency keys the account has used',
		description:
			'For a client resuming an import: of the keys sent (project:, room: or upload: and 40 hex digits, 1 to 5000), those this account recorded, with what each made.',
		scope: 'read',
		body: { type: 'json', schema: KnownImportsSchema },
		answers: {
			200: { description: 'The keys known, with their project and room', schema: A.KnownImports },
			400: badInput,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/render-options',
		route: 'property-studio.render-options',
		tags: ['Studio'],
		summary: "What this server's staging provider makes beside the styles",
		description:
			'Emptying a room and the photo edits (twilight, enhance) need a provider that makes them. `unavailable` has the one line a client shows for each choice this provider does not make, the words a process call would refuse it with: `rendo submit` and `rendo import` over HTTPS refuse with it before any upload.',
		scope: 'read',
		answers: { 200: { description: 'The choices made and refused, with why', schema: RenderOptionsAnswer } },
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/progress',
		route: 'property-studio.projects.$id.progress',
		tags: ['Studio'],
		summary: "Where a project's renders stand",
		description: 'Per room and style: variations done of those expected, failures with their messages.',
		scope: 'read',
		params: idParam('id', 'project'),
		query: z.object({
			room: z
				.union([uuid('room'), z.array(uuid('room'))])
				.optional()
				.openapi({ description: 'only these rooms (repeat the parameter)' }),
		}),
		answers: {
			200: { description: 'The progress', schema: A.RenderProgress },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/rooms/{roomId}/process',
		route: 'property-studio.rooms.$roomId.process',
		tags: ['Studio'],
		summary: 'Render styles of a room',
		scope: 'write',
		params: idParam('roomId', 'room'),
		body: { type: 'json', schema: ProcessRoomSchema },
		answers: {
			202: { description: 'Queued: poll the variations', schema: A.RoomQueued },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/rooms/{roomId}/remodel',
		route: 'property-studio.rooms.$roomId.remodel',
		tags: ['Studio'],
		summary: 'One more variation of a style',
		scope: 'write',
		params: idParam('roomId', 'room'),
		body: { type: 'json', schema: RemodelSchema },
		answers: {
			202: { description: 'The new (pending) variation', schema: A.VariationAnswer },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/rooms/{roomId}/objects',
		route: 'property-studio.rooms.$roomId.objects',
		tags: ['Studio'],
		summary: "What the room's photo shows that can be removed or renovated",
		description:
			"The objects (largest first; their ids and names are what the edit call's `remove` takes) and the surfaces of the photo, each with whether this server's provider renovates it. What the provider does not make is said once, before anything is asked: `removable` false with `notRemovable` (Virtual Staging AI has no documented partial edit), a surface's `renovatable` false with `notRenovatable` (the local preview repaints walls only). The edit call refuses those in the same words.",
		scope: 'read',
		params: idParam('roomId', 'room'),
		answers: {
			200: { description: 'The objects and surfaces', schema: A.RoomObjects },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/rooms/{roomId}/edit',
		route: 'property-studio.rooms.$roomId.edit',
		tags: ['Studio'],
		summary: "Remove things from a room's photo, or renovate its surfaces",
		description:
			"One more variation of the room, counted as a render: `remove` names objects by id or name (from the objects list; a plural such as 'chairs' takes them all), or `renovate` says what surfaces become (walls, ceiling and kitchen units a colour; floor and worktops a material). The answer is checked against what was asked: its `roomCheck` is 'ok' with what was done as its note, or 'check' with what changed beyond it (offered again free). The same edit posted twice answers the same variation. 400 for what the photo does not have, or what the provider cannot make, in the objects list's words (Virtual Staging AI makes neither edit; the local preview paints out small things and repaints walls only), with nothing stored.",
		scope: 'write',
		params: idParam('roomId', 'room'),
		body: { type: 'json', schema: z.union([RemoveSchema, RenovateSchema]) },
		answers: {
			202: { description: 'The new (pending) variation', schema: A.VariationAnswer },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/rooms/{roomId}/same-room',
		route: 'property-studio.rooms.$roomId.same-room',
		tags: ['Studio'],
		summary: 'Mark a room as another view of one room, or unmark it',
		description:
			'`sameRoomAs`: the first view of the room this photo is another view of (a room of the same project and room type, not itself a view, this photo having no views of its own), or null to unmark. A view is staged to match its first view where the provider can; otherwise each of its variations carries a `stagingNote` saying why it was staged on its own.',
		scope: 'write',
		params: idParam('roomId', 'room'),
		body: { type: 'json', schema: SameRoomSchema },
		answers: {
			200: { description: 'The room', schema: A.Room },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/variations/{id}/restage-views',
		route: 'property-studio.variations.$id.restage-views',
		tags: ['Studio'],
		summary: "Restage the other views of a room to match one of its first view's images",
		description:
			"After a remodel of a room's first view: each view of the room gets one more variation of that style, staged to match this image. Views that already have a variation matching it are left alone, so asking twice queues nothing more. 400 for an image that is not a staged image of a first view, or when the provider stages views one by one.",
		scope: 'write',
		params: idParam('id', 'variation'),
		answers: {
			202: {
				description: 'The new (pending) variations of the views, none when all already match',
				schema: A.ViewsRestaged,
			},
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/variations/{id}/favorite',
		route: 'property-studio.variations.$id.favorite',
		tags: ['Studio'],
		summary: 'Heart or unheart a variation',
		scope: 'write',
		params: idParam('id', 'variation'),
		body: { type: 'json', schema: FavoriteSchema },
		answers: {
			200: { description: 'The variation', schema: A.VariationAnswer },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/projects/{id}/complete',
		route: 'property-studio.projects.$id.complete',
		tags: ['Checkout'],
		summary: 'Complete a project',
		description:
			'Invoice mode: the order itself (£99 on the monthly invoice). With Stripe: only once the PaymentIntent succeeded (403 before).',
		scope: 'write',
		params: idParam('id', 'project'),
		body: { type: 'json', schema: CheckoutChoiceSchema },
		answers: {
			200: { description: 'Completed; the final images are being made', schema: A.Completed },
			400: badInput,
			403: notYours,
			404: notFound,
			409: conflictCompleted,
		},
	},
	{
		method: 'post',
		path: '/api/create-payment-intent',
		route: 'create-payment-intent',
		tags: ['Checkout'],
		summary: 'Start a card payment for a project',
		description:
			'The server sets the price; an `amount` sent is ignored. Card payments must be configured (403 otherwise).',
		scope: 'write',
		body: { type: 'json', schema: CreatePaymentIntentSchema },
		answers: {
			200: { description: "The PaymentIntent's client secret", schema: A.PaymentIntentCreated },
			400: badInput,
			403: notYours,
			404: notFound,
			409: conflictCompleted,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/downloads',
		route: 'property-studio.projects.$id.downloads',
		tags: ['Downloads'],
		summary: "A completed project's final images",
		scope: 'read',
		params: idParam('id', 'project'),
		answers: {
			200: { description: 'The final images', schema: z.array(A.DownloadAsset) },
			403: notYours,
			404: notFound,
			503: preparing,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/images',
		route: 'property-studio.projects.$id.images',
		tags: ['Downloads'],
		summary: 'What a project offers to download',
		description:
			"A completed project's final images, else its finished favourites, each with the URL of its bytes (`rendo download`). `preparing` while a just-completed project's final images are still being made.",
		scope: 'read',
		params: idParam('id', 'project'),
		query: z.object({
			disclosure: z
				.enum(['0', '1'])
				.optional()
				.openapi({ description: '0 leaves the "Virtually staged" label out (staff only)' }),
		}),
		answers: {
			200: { description: 'The images', schema: A.ProjectImages },
			400: badInput,
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/images/{imageId}',
		route: 'property-studio.projects.$id.images.$imageId',
		tags: ['Downloads'],
		summary: "One image's bytes, resumable",
		description:
			'A strong ETag (the SHA-256 of the bytes), `Range: bytes=N-` or `N-M` answered 206, `If-Range` with another ETag answered whole.',
		scope: 'read',
		params: z.object({ id: uuid('project'), imageId: uuid('image') }),
		query: z.object({
			disclosure: z
				.enum(['0', '1'])
				.optional()
				.openapi({ description: '0 leaves the "Virtually staged" label out (staff only)' }),
		}),
		headers: z.object({
			range: z.string().optional().openapi({ description: 'bytes=N- or bytes=N-M' }),
			'if-range': z.string().optional().openapi({ description: 'the ETag the range belongs to' }),
		}),
		answers: {
			200: {
				description: 'The JPEG, as an attachment under its name',
				binary: 'image/jpeg',
				headers: { ETag: 'the SHA-256 of the bytes, quoted', 'Accept-Ranges': 'bytes' },
			},
			206: {
				description: 'The range asked for',
				binary: 'image/jpeg',
				headers: { ETag: 'the SHA-256 of the whole image, quoted', 'Content-Range': 'bytes N-M/size' },
			},
			400: badInput,
			403: notYours,
			404: notFound,
			410: error('This image is missing from storage'),
			416: { description: 'The range starts past the end', headers: { 'Content-Range': 'bytes */size' } },
			503: preparing,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/projects/{id}/pack',
		route: 'property-studio.projects.$id.pack',
		tags: ['Downloads'],
		summary: 'A listing pack: each image beside its original, with a manifest',
		description:
			"A ZIP to upload with the listing (`rendo download --pack`): `README.txt` first, saying in the agency's market (its profile's `market`) where the pack is for (the portals in the UK, an MLS in the US) and which rules on altered photos apply; then what `/images` offers, each image labelled as the agency chose and followed by the photo it was made from (`<name>-original.jpg`), then `manifest.csv` and `manifest.json` with one row per image: file, original, alteration, altered, contents (what the room check saw added and removed, in words), provider, model, date, originals_address; the JSON rows also give what it saw as lists (added, removed: name, plural, count; null when it did not look). An image storage has lost is left out, row and all.",
		scope: 'read',
		params: idParam('id', 'project'),
		answers: {
			200: { description: 'The ZIP, streamed', binary: 'application/zip' },
			403: notYours,
			404: notFound,
			503: preparing,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/download/{assetId}',
		route: 'property-studio.download.$assetId',
		tags: ['Downloads'],
		summary: 'One final image',
		scope: 'read',
		params: idParam('assetId', 'final image'),
		answers: {
			200: { description: 'The JPEG, as an attachment under its meaningful name', binary: 'image/jpeg' },
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/property-studio/download/bulk',
		route: 'property-studio.download.bulk',
		tags: ['Downloads'],
		summary: 'A ZIP of final images',
		scope: 'read',
		query: z.object({
			projectId: uuid('project'),
			token: z.string().openapi({ description: 'a JSON list of final image ids, 1 to 200' }),
		}),
		answers: {
			200: { description: 'The ZIP, streamed', binary: 'application/zip' },
			400: badInput,
			403: notYours,
			404: notFound,
			503: preparing,
		},
	},
	{
		method: 'post',
		path: '/api/property-studio/email-final-images',
		route: 'property-studio.email-final-images',
		tags: ['Downloads'],
		summary: 'E-mail links to final images',
		scope: 'write',
		body: { type: 'json', schema: EmailFinalImagesSchema },
		answers: {
			202: { description: 'The e-mail is queued', schema: A.FinalImagesEmailed },
			400: badInput,
			403: notYours,
			404: notFound,
			503: preparing,
		},
	},

	// ---- quick transforms
	{
		method: 'get',
		path: '/api/transformations',
		route: 'transformations',
		tags: ['Transformations'],
		summary: 'Your quick transforms, newest first',
		scope: 'read',
		answers: { 200: { description: 'The transformations', schema: z.array(A.Transformation) } },
	},
	{
		method: 'post',
		path: '/api/transformations',
		route: 'transformations',
		tags: ['Transformations'],
		summary: 'Transform a photo or a listing',
		description: 'An `image` upload, or a `propertyUrl` whose listing images are fetched (public addresses only).',
		scope: 'write',
		body: {
			type: 'multipart',
			required: true,
			schema: withFiles(TransformRequestSchema, { image: file('a photo, at most 10 MB').optional() }),
			jsonFields: ['areas'],
		},
		answers: {
			201: { description: 'Queued', schema: A.Transformation },
			400: badInput,
			413: tooLarge,
		},
	},
	{
		method: 'get',
		path: '/api/transformations/{id}',
		route: 'transformations.$id',
		tags: ['Transformations'],
		summary: 'One quick transform (yours, or any for an administrator)',
		scope: 'read',
		params: idParam('id', 'transformation'),
		answers: { 200: { description: 'The transformation', schema: A.Transformation }, 404: notFound },
	},

	// ---- brochures and client preferences
	{
		method: 'post',
		path: '/api/client-preferences',
		route: 'client-preferences',
		tags: ['Brochures'],
		summary: "A client's preference for one room",
		scope: 'write',
		body: {
			type: 'multipart',
			required: true,
			schema: withFiles(ClientPreferenceSchema, { image: file('the room photo (optional)').optional() }),
		},
		answers: {
			201: { description: 'Received: property, tour, brochure and renders made', schema: A.PreferenceReceived },
			400: badInput,
			413: tooLarge,
		},
	},
	{
		method: 'post',
		path: '/api/client-preferences-multi-room',
		route: 'client-preferences-multi-room',
		tags: ['Brochures'],
		summary: "A client's preference for several rooms",
		description:
			"One `property-images` part per photo (2 to 10) and `roomTypes[i]` for the i-th. With ?form=multi-room-demo the demo's fields and rules (1 to 10 photos) apply.",
		scope: 'write',
		query: z.object({ form: z.literal(DEMO_SOURCE).optional() }),
		body: {
			type: 'multipart',
			required: true,
			schema: withFiles(z.union([ClientPreferenceSchema, MultiRoomPreferenceSchema]), {
				'property-images': z.array(file('a room photo')),
			}).openapi({ description: 'plus `roomTypes[0]`, `roomTypes[1]`… beside the photos' }),
		},
		answers: {
			201: { description: 'Received', schema: A.PreferenceReceived },
			400: badInput,
			413: tooLarge,
		},
	},
	{
		method: 'get',
		path: '/api/agent/brochures',
		route: 'agent.brochures',
		tags: ['Brochures'],
		summary: 'Your brochures, newest first',
		scope: 'read',
		answers: { 200: { description: 'The brochures', schema: z.array(A.AgentBrochure) } },
	},
	{
		method: 'post',
		path: '/api/brochures/{id}/regenerate',
		route: 'brochures.$id.regenerate',
		tags: ['Brochures'],
		summary: 'Rebuild a brochure in the current brand',
		scope: 'write',
		params: idParam('id', 'brochure'),
		answers: {
			202: { description: 'Being rebuilt', schema: A.BrochureRebuilding },
			403: notYours,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/brochures/{id}/send-email',
		route: 'brochures.$id.send-email',
		tags: ['Brochures'],
		summary: 'E-mail a brochure to a buyer',
		scope: 'write',
		params: idParam('id', 'brochure'),
		body: { type: 'json', schema: SendBrochureSchema },
		answers: {
			200: { description: 'Queued', schema: A.BrochureSent },
			400: badInput,
			403: notYours,
			404: notFound,
			429: { ...error('Too many e-mails'), headers: { 'Retry-After': 'seconds' } },
		},
	},
	{
		method: 'get',
		path: '/api/brochures/{uniqueToken}',
		route: 'brochures.$uniqueToken',
		tags: ['Brochures'],
		summary: 'A brochure PDF, for whoever holds its token',
		description: 'Each fetch is counted; ?e= marks the e-mail that carried the link as clicked.',
		scope: null,
		params: z.object({ uniqueToken: z.string().openapi({ description: "the brochure's 128-bit token" }) }),
		query: z.object({ e: z.string().optional().openapi({ description: 'the e-mail event id' }) }),
		answers: { 200: { description: 'The PDF', binary: 'application/pdf' }, 404: notFound },
	},
	{
		method: 'get',
		path: '/api/brochures/{uniqueToken}/open',
		route: 'brochures.$uniqueToken_.open',
		tags: ['Brochures'],
		summary: "The brochure e-mail's tracking pixel",
		scope: null,
		params: z.object({ uniqueToken: z.string() }),
		query: z.object({ e: z.string().optional().openapi({ description: 'the e-mail event id' }) }),
		answers: { 200: { description: 'A 1×1 GIF, always', binary: 'image/gif' } },
	},
	{
		method: 'post',
		path: '/api/test-brochure',
		route: 'test-brochure',
		tags: ['Brochures'],
		summary: 'A sample brochure in your brand',
		description: 'Needs the agent profile (onboarding) first.',
		scope: 'write',
		answers: {
			200: { description: 'Generated', schema: A.TestBrochure },
			400: badInput,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/test-brochure',
		route: 'test-brochure',
		tags: ['Brochures'],
		summary: 'Not allowed: generating stores a file, use POST',
		scope: null,
		answers: { 405: { description: 'Use POST', schema: A.MessageAnswer, headers: { Allow: 'POST' } } },
	},

	// ---- support
	{
		method: 'post',
		path: '/api/report-issue',
		route: 'report-issue',
		tags: ['Support'],
		summary: 'Report an issue',
		scope: 'write',
		body: { type: 'json', schema: ReportIssueSchema },
		answers: {
			201: { description: 'The ticket', schema: A.TicketReported },
			400: badInput,
			403: notYours,
		},
	},
	{
		method: 'get',
		path: '/api/devops/tickets',
		route: 'devops.tickets',
		tags: ['Staff'],
		summary: 'All tickets, newest first',
		scope: 'staff',
		query: TicketListQuerySchema,
		answers: { 200: { description: 'The tickets, with internal notes', schema: z.array(A.Ticket) }, 400: badInput },
	},
	{
		method: 'get',
		path: '/api/devops/tickets/{ticketId}',
		route: 'devops.tickets.$ticketId',
		tags: ['Staff'],
		summary: 'One ticket',
		scope: 'staff',
		params: z.object({ ticketId: z.string().openapi({ description: 'id or ticket number (RND-2026-000123)' }) }),
		answers: { 200: { description: 'The ticket', schema: A.Ticket }, 404: notFound },
	},
	{
		method: 'put',
		path: '/api/devops/tickets/{ticketId}',
		route: 'devops.tickets.$ticketId',
		tags: ['Staff'],
		summary: 'Set status, priority or assignee',
		scope: 'staff',
		params: z.object({ ticketId: z.string().openapi({ description: 'id or ticket number' }) }),
		body: { type: 'json', schema: UpdateTicketSchema },
		answers: {
			200: { description: 'The ticket', schema: A.Ticket },
			400: badInput,
			404: notFound,
			405: { description: 'Only PUT', schema: A.MessageAnswer, headers: { Allow: 'PUT' } },
		},
	},
	{
		method: 'post',
		path: '/api/devops/tickets/{ticketId}/{quickAction}',
		route: 'devops.tickets.$ticketId.$quickAction',
		tags: ['Staff'],
		summary: 'Start work (open → in progress), resolve (in progress → resolved) or close (any → closed)',
		description: 'The body is optional; resolve takes the resolution from it.',
		scope: 'staff',
		params: z.object({
			ticketId: z.string().openapi({ description: 'id or ticket number' }),
			quickAction: z.enum(TICKET_QUICK_ACTIONS),
		}),
		body: { type: 'json', schema: QuickActionSchema, required: false },
		answers: {
			200: { description: 'The ticket', schema: A.Ticket },
			400: badInput,
			404: notFound,
		},
	},
	{
		method: 'post',
		path: '/api/devops/tickets/{ticketId}/comments',
		route: 'devops.tickets.$ticketId.comments',
		tags: ['Staff'],
		summary: 'Comment on a ticket (public, or an internal note)',
		scope: 'staff',
		params: z.object({ ticketId: z.string().openapi({ description: 'id or ticket number' }) }),
		body: { type: 'json', schema: CommentSchema },
		answers: {
			201: { description: 'The comment', schema: A.TicketComment },
			400: badInput,
			404: notFound,
		},
	},
	{
		method: 'get',
		path: '/api/devops/stats',
		route: 'devops.stats',
		tags: ['Staff'],
		summary: 'Ticket figures',
		scope: 'staff',
		answers: { 200: { description: 'Totals by status and priority', schema: A.TicketStats } },
	},
	{
		method: 'get',
		path: '/api/rendo-ops/dashboard',
		route: 'rendo-ops.dashboard',
		tags: ['Staff'],
		summary: 'The operations dashboard',
		scope: 'staff',
		answers: { 200: { description: 'Every figure, money in pence', schema: A.OpsDashboard } },
	},
	{
		method: 'get',
		path: '/api/rendo-ops/capacity-automation',
		route: 'rendo-ops.capacity-automation',
		tags: ['Staff'],
		summary: 'Rendering quota and the plan it needs',
		scope: 'staff',
		answers: { 200: { description: 'Capacity analysis', schema: A.CapacityAutomation } },
	},
	{
		method: 'get',
		path: '/api/admin/transformations',
		route: 'admin.transformations',
		tags: ['Staff'],
		summary: 'Every quick transform, newest first',
		scope: 'staff',
		answers: { 200: { description: 'The transformations', schema: z.array(A.Transformation) } },
	},

	// ---- public forms and webhooks
	{
		method: 'post',
		path: '/api/try-it-free',
		route: 'try-it-free',
		tags: ['Public'],
		summary: 'Free trial: one staged photo by e-mail',
		description: 'One trial per e-mail address; limited per address (429 with Retry-After).',
		scope: null,
		body: {
			type: 'multipart',
			required: true,
			schema: withFiles(TrialFieldsSchema, { image: file('the room photo') }),
		},
		answers: {
			201: { description: 'Started: the result is e-mailed', schema: A.TrialStarted },
			400: badInput,
			409: error('This e-mail address has had its free trial'),
			413: tooLarge,
			415: error('Not an image'),
			429: { ...error('Too many trials from this address'), headers: { 'Retry-After': 'seconds' } },
		},
	},
	{
		method: 'post',
		path: '/api/stripe/webhook',
		route: 'stripe.webhook',
		tags: ['Webhooks'],
		summary: "Stripe's signed events",
		description:
			'The raw body is checked against the Stripe-Signature header; payment_intent.succeeded completes the project.',
		scope: null,
		headers: z.object({ 'stripe-signature': z.string() }),
		body: { type: 'json', required: true, schema: z.object({ id: z.string(), type: z.string() }).passthrough() },
		answers: {
			200: { description: 'Received', schema: A.StripeReceived },
			400: badInput,
			404: error('Card payments are not configured'),
		},
	},
	{
		method: 'post',
		path: '/api/staging/webhook/{secret}',
		route: 'staging.webhook.$secret',
		tags: ['Webhooks'],
		summary: "The staging vendor's progress report",
		description:
			'Given to the vendor only when APP_URL is public https; the path carries a secret per deployment. The body only wakes the render it names.',
		scope: null,
		params: z.object({ secret: z.string() }),
		body: { type: 'json', required: true, schema: z.object({}).passthrough() },
		answers: {
			200: { description: 'How many waiting renders were woken', schema: A.StagingWoken },
			400: error('Request body must be JSON'),
			404: { description: 'Any other secret: a plain-text Not Found', binary: 'text/plain' },
			413: tooLarge,
		},
	},
	{
		method: 'get',
		path: '/api/openapi.json',
		route: 'openapi[.json]',
		tags: ['Reference'],
		summary: 'This document',
		scope: null,
		answers: { 200: { description: 'OpenAPI 3.1', schema: z.object({ openapi: z.string() }).passthrough() } },
	},
]
