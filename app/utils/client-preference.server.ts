import { createCookieSessionStorage, data, redirect } from '@remix-run/node'
import type { SubmittedPreference } from '#app/components/preferences/confirmation.tsx'
import { getActor } from '#app/utils/auth.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { signedCookieOptions } from '#app/utils/session.server.ts'
import { createToastHeaders, type ToastInput } from '#app/utils/toast.server.ts'
import { uploadRefusal } from '#app/utils/upload-reply.server.ts'
import { parseUploads } from '#app/utils/upload.server.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { MAX_IMAGE_BYTES, PHOTO_RULES, type PreferenceForm } from '#core/preferences/preferences.schema.ts'
import { submitClientPreference } from '#core/preferences/submit-preference.ts'

type Submitted = Awaited<ReturnType<typeof submitClientPreference>>

export type PreferenceOutcome =
	| { ok: true; submitted: Submitted }
	| { ok: false; error: InputError; fields: Record<string, string> }

/**
 * A client preference form's multipart post, its photos read under that form's rules (known
 * before the photos are read), then the core service; the upload's files go afterwards. Refusals
 * come back with the fields read, so a page can show them again; bugs are thrown.
 */
export async function submitPreferenceUpload(
	request: Request,
	actor: Actor,
	form: PreferenceForm,
): Promise<PreferenceOutcome> {
	const rules = PHOTO_RULES[form]
	let upload: Awaited<ReturnType<typeof parseUploads>>
	try {
		upload = await parseUploads(request, {
			fileField: rules.field,
			maxFiles: rules.max,
			maxBytes: MAX_IMAGE_BYTES,
			tooLarge: rules.tooLarge,
			tooMany: rules.tooMany,
		})
	} catch (error) {
		if (error instanceof InputError) return { ok: false, error, fields: {} }
		throw error
	}
	try {
		return { ok: true, submitted: await submitClientPreference(actor, form, upload.fields, upload.files) }
	} catch (error) {
		if (error instanceof InputError) return { ok: false, error, fields: upload.fields }
		throw error
	} finally {
		await upload.cleanup()
	}
}

/** The JSON door (POST /api/client-preferences[-multi-room]): 201 with the confirmation's details. */
export async function submitClientPreferenceRequest(request: Request, form: PreferenceForm) {
	const actor = await getActor(request)
	requireUser(actor)
	const outcome = await submitPreferenceUpload(request, actor, form)
	if (!outcome.ok) throw outcome.error
	return Response.json(outcome.submitted, { status: 201 })
}

// The confirmation screen comes after a redirect (Post/Redirect/Get): what it shows rides along
// in a signed flash cookie, read once by the page's loader.
const confirmationStorage = createCookieSessionStorage({
	cookie: { name: 'rendo_preference', ...signedCookieOptions() },
})

/** Only what the confirmation screen shows, so the cookie stays small. */
function confirmationOf({ message, details }: Submitted): SubmittedPreference {
	const { clientName, propertyAddress, stylePreference, agentEmail, qualityLevel, lightingPreference } = details
	return {
		message,
		details: {
			clientName,
			propertyAddress,
			stylePreference,
			agentEmail,
			qualityLevel,
			lightingPreference,
			rooms: details.rooms,
			brochureId: details.brochureId,
		},
	}
}

/** The confirmation of the last submission, once; and the header that clears it. */
export async function takeConfirmation(request: Request) {
	const session = await confirmationStorage.getSession(request.headers.get('cookie'))
	const confirmation = (session.get('confirmation') as SubmittedPreference | undefined) ?? null
	return {
		confirmation,
		headers: confirmation ? new Headers({ 'set-cookie': await confirmationStorage.destroySession(session) }) : null,
	}
}

/** How a page answers its preference post: where to go after, and the toasts it owes. */
export type PreferencePage = {
	/** The page to show the confirmation on. */
	path: string
	successToast?: (submitted: Submitted) => ToastInput
	/** The message in the box under the form, if the page shows one. */
	failureAlert?: string
	failureToast: (error: InputError) => { title: string; description: string }
}

/**
 * A page's preference action: the confirmation (a redirect carrying it) or the form's errors as
 * a conform reply, with the failure toast the page shows when JavaScript runs.
 */
export async function preferenceAction(request: Request, actor: Actor, form: PreferenceForm, page: PreferencePage) {
	const outcome = await submitPreferenceUpload(request, actor, form)
	if (!outcome.ok) {
		const { error, fields } = outcome
		const formErrors = page.failureAlert ? [page.failureAlert] : []
		return data({ result: uploadRefusal(fields, error, formErrors), toast: page.failureToast(error) }, { status: 400 })
	}
	const session = await confirmationStorage.getSession()
	session.flash('confirmation', confirmationOf(outcome.submitted))
	return redirect(page.path, {
		headers: combineHeaders(
			{ 'set-cookie': await confirmationStorage.commitSession(session) },
			page.successToast ? await createToastHeaders(page.successToast(outcome.submitted)) : null,
		),
	})
}
