import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { agents } from '#db/schema/accounts.ts'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { clientPreferences, properties, propertyTours, rendoProjects } from '#db/schema/properties.ts'
import { transformations } from '#db/schema/transformations.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { BROCHURE_MAX_ATTEMPTS, BROCHURE_ROOM_TASK, roomJobKey } from '#core/brochures/jobs.ts'
import { copyStudioCopies, removeRoomPhotos, roomPhotoKeys, storeRoomPhoto } from '#core/brochures/room-photos.ts'
import { newBrochureToken } from '#core/brochures/token.ts'
import { InputError, type FieldErrors } from '#core/errors.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { inspectImage } from '#core/studio/original-image.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import {
	AREA_REQUIRED,
	ClientPreferenceSchema,
	MultiRoomPreferenceSchema,
	PHOTO_OR_FAVOURITE,
	PHOTO_RULES,
	PREFERENCE_ROOM_TYPES,
	roomTypeField,
	SELECT_ROOM_TYPE,
	type Area,
	type LightingPreference,
	type PreferenceForm,
	type PreferenceRoomType,
	type PreferenceStyle,
	type QualityLevel,
} from './preferences.schema.ts'
import { copyStored, stagedFavourite, type ChosenFavourite } from './staged-favourites.ts'

export interface PreferencePhoto {
	/** The upload on local disk (the doors stream it there with the 10 MB cap). */
	path: string
	/** The file name the browser gave, for the room-type guess. */
	name: string
}

/** The fields of either form, as the schemas give them back (the demo's two settings only there). */
type PreferenceFields = {
	clientName: string
	propertyAddress: string
	stylePreference: PreferenceStyle
	agentEmail: string
	propertyUrl?: string
	area?: Area
	notes?: string
	qualityLevel?: QualityLevel
	lightingPreference?: LightingPreference
	favoriteId?: string
}

/** The single-room form's staged favourite, looked up before the fields are checked, or why it was refused. */
type Favourite = { chosen: ChosenFavourite | null; errors: FieldErrors }
const NO_FAVOURITE: Favourite = { chosen: null, errors: {} }

async function favouriteOf(actor: Actor, form: PreferenceForm, input: Record<string, unknown>): Promise<Favourite> {
	const id = form === 'single' && typeof input.favoriteId === 'string' ? input.favoriteId.trim() : ''
	if (!id) return NO_FAVOURITE
	try {
		return { chosen: await stagedFavourite(actor, id), errors: {} }
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		return { chosen: null, errors: error.fieldErrors }
	}
}

/** A favourite's property is the request's unless the agent typed another address. */
function withFavourite(input: Record<string, unknown>, favourite: ChosenFavourite | null) {
	if (!favourite) return input
	const address = typeof input.propertyAddress === 'string' ? input.propertyAddress.trim() : ''
	return { ...input, propertyAddress: address || favourite.propertyAddress }
}

/** The form's fields and its photo rules, every broken rule reported at once. */
function checkRequest(
	form: PreferenceForm,
	input: Record<string, unknown>,
	photos: PreferencePhoto[],
	favourite: Favourite = NO_FAVOURITE,
) {
	const parsed = (form === 'demo' ? MultiRoomPreferenceSchema : ClientPreferenceSchema).safeParse(input)
	const fields: Partial<PreferenceFields> = parsed.success ? parsed.data : {}
	const errors: FieldErrors = {
		...(parsed.success ? {} : (parsed.error.flatten().fieldErrors as FieldErrors)),
		...favourite.errors,
	}
	const favouriteChosen = favourite.chosen !== null || Object.keys(favourite.errors).length > 0
	const rules = PHOTO_RULES[form]
	const add = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message])

	if (photos.length > rules.max) add(rules.field, rules.tooMany)
	if (form === 'single') {
		// An image, the listing's URL (spec 02 §5) or a staged favourite, and the area the client cares
		// about (a favourite's room is its own area).
		if (favouriteChosen && photos.length) add(rules.field, PHOTO_OR_FAVOURITE)
		if (!photos.length && !favouriteChosen && !fields.propertyUrl && !errors.propertyUrl) add(rules.field, rules.tooFew)
		if (!errors.area && !input.area && !favouriteChosen) add('area', AREA_REQUIRED)
	} else if (photos.length < rules.min) add(rules.field, rules.tooFew)

	// Single mode: the area is the room (a favourite's, its room's type). Otherwise each photo's
	// chosen type, or the guess from its name.
	const fromPhotos = (photo: PreferencePhoto, index: number): string => {
		if (form === 'single') return fields.area ?? 'living'
		const given = input[roomTypeField(index)]
		if (given === undefined || given === '') return guessRoomType(photo.name)
		if (PREFERENCE_ROOM_TYPES.includes(given as PreferenceRoomType)) return given as PreferenceRoomType
		add(roomTypeField(index), SELECT_ROOM_TYPE)
		return 'living'
	}
	const roomTypes = favourite.chosen ? [favourite.chosen.roomType] : photos.map(fromPhotos)

	// The photo rule comes first: it is the message the spec's toasts show.
	const { [rules.field]: photoErrors, ...rest } = errors
	const ordered: FieldErrors = photoErrors ? { [rules.field]: photoErrors, ...rest } : rest
	if (!parsed.success || Object.keys(ordered).length) throw new InputError(ordered)
	return { fields: fields as PreferenceFields, roomTypes }
}

/** Reads only the images' headers: every photo must be a JPEG, PNG or WebP before any is stored. */
async function inspectPhotos(form: PreferenceForm, photos: PreferencePhoto[]) {
	for (const photo of photos) {
		try {
			await inspectImage(photo.path)
		} catch (error) {
			if (!(error instanceof InputError)) throw error
			throw new InputError({ [PHOTO_RULES[form].field]: [`${photo.name}: ${error.message}`] })
		}
	}
}

/** The agent's property at this address, made on first use; the lock keeps two submissions from making it twice. */
async function propertyFor(tx: Tx, userId: string, agentId: string | null, fields: PreferenceFields) {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rendo:property:${userId}`}))`)
	const [existing] = await tx
		.select()
		.from(properties)
		.where(
			and(eq(properties.userId, userId), eq(sql`lower(${properties.address})`, fields.propertyAddress.toLowerCase())),
		)
		.limit(1)
	if (existing) return existing
	const [created] = await tx
		.insert(properties)
		.values({ userId, agentId, address: fields.propertyAddress, clientName: fields.clientName })
		.returning()
	return created
}

const RECEIVED = 'Preferences received. The branded brochure is usually ready within 30 minutes during business hours.'
const RECEIVED_WITHOUT_PHOTOS =
	'Preferences received. We will stage the listing photos and prepare the brochure, usually within 30 minutes during business hours.'

/**
 * A client's preferences after a viewing (POST /api/client-preferences and
 * /api/client-preferences-multi-room). Checks everything before storing anything; then, in one
 * transaction: the property (found or made), the tour, the preference, the transformation and
 * the rendo project tying them together, the brochure with a room per photo, and one render job
 * per room (the last one to finish queues the PDF). A single-room request with only a listing URL
 * is recorded as planned work with no brochure yet. A single-room request may name one of the
 * agent's staged favourites instead of a photo: its original and staged image are copied to the
 * brochure's room, already staged in its own style, so the room job only marks it done.
 */
export async function submitClientPreference(
	actor: Actor,
	form: PreferenceForm,
	input: Record<string, unknown>,
	photos: PreferencePhoto[],
) {
	const { userId } = requireUser(actor)
	const favourite = await favouriteOf(actor, form, input)
	const { fields, roomTypes } = checkRequest(form, withFavourite(input, favourite.chosen), photos, favourite)
	await inspectPhotos(form, photos)
	const chosen = favourite.chosen
	// The brochure's style is what its photo shows: a favourite was staged in its own.
	const style = chosen?.style ?? fields.stylePreference

	const roomIds = (chosen ? [chosen] : photos).map(() => randomUUID())
	const originals: Array<{ key: string; width: number | null; height: number | null }> = []
	const staged: Array<string | null> = roomIds.map(() => null)
	try {
		for (const [index, photo] of photos.entries()) originals.push(await storeRoomPhoto(photo.path, roomIds[index]))
		if (chosen) {
			const keys = roomPhotoKeys(roomIds[0])
			originals.push({
				key: await copyStored(chosen.original, keys.original),
				width: chosen.width,
				height: chosen.height,
			})
			staged[0] = await copyStored(chosen.staged, keys.staged)
			// The staged image is rendered back to its photo's size: the photo's size is both's.
			const size = chosen.width && chosen.height ? { width: chosen.width, height: chosen.height } : null
			await copyStudioCopies(chosen.original, roomIds[0], 'original', size)
			await copyStudioCopies(chosen.staged, roomIds[0], 'staged', size)
		}
		return await db.transaction(async (tx) => {
			const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId))
			const property = await propertyFor(tx, userId, agent?.id ?? null, fields)
			const [tour] = await tx
				.insert(propertyTours)
				.values({ propertyId: property.id, tourDate: new Date(), notes: fields.notes })
				.returning()
			const areas = form === 'single' ? [fields.area ?? roomTypes[0]] : [...new Set(roomTypes)]
			const [preference] = await tx
				.insert(clientPreferences)
				.values({
					tourId: tour.id,
					preferredStyle: fields.stylePreference,
					areasOfInterest: areas,
					specificRequests: fields.notes,
					agentEmail: fields.agentEmail,
					qualityLevel: fields.qualityLevel,
					lightingPreference: fields.lightingPreference,
				})
				.returning()
			const hasPhotos = originals.length > 0
			const [transformation] = await tx
				.insert(transformations)
				.values({
					userId,
					style,
					areas,
					propertyUrl: fields.propertyUrl,
					originalImageUrl: originals[0]?.key,
					beforeImageUrl: originals[0]?.key,
					status: hasPhotos ? 'processing' : 'pending',
				})
				.returning()
			const [project] = await tx
				.insert(rendoProjects)
				.values({
					propertyId: property.id,
					tourId: tour.id,
					transformationId: transformation.id,
					status: hasPhotos ? 'processing' : 'planned',
				})
				.returning()

			let brochure: { id: string; uniqueToken: string } | null = null
			if (hasPhotos) {
				;[brochure] = await tx
					.insert(propertyBrochures)
					.values({
						propertyId: property.id,
						agentId: agent?.id ?? null,
						transformationId: transformation.id,
						buyerName: fields.clientName,
						stylePreference: style,
						uniqueToken: newBrochureToken(),
					})
					.returning({ id: propertyBrochures.id, uniqueToken: propertyBrochures.uniqueToken })
				await tx.insert(roomImages).values(
					roomIds.map((id, index) => ({
						id,
						brochureId: brochure!.uniqueToken,
						roomType: roomTypes[index],
						sortOrder: index,
						originalImageUrl: originals[index].key,
						imageWidth: originals[index].width,
						imageHeight: originals[index].height,
						...(chosen && {
							stagedImageUrl: staged[index],
							renderId: chosen.renderId,
							variationId: chosen.providerImageId,
							roomCheck: chosen.roomCheck,
							roomCheckNote: chosen.roomCheckNote,
						}),
					})),
				)
				for (const id of roomIds)
					await addJob(
						tx,
						BROCHURE_ROOM_TASK,
						{ roomImageId: id },
						{ jobKey: roomJobKey(id), maxAttempts: BROCHURE_MAX_ATTEMPTS },
					)
			}
			return {
				success: true as const,
				message: hasPhotos ? RECEIVED : RECEIVED_WITHOUT_PHOTOS,
				details: {
					propertyId: property.id,
					tourId: tour.id,
					preferenceId: preference.id,
					rendoProjectId: project.id,
					transformationId: transformation.id,
					brochureId: brochure?.id ?? null,
					clientName: fields.clientName,
					propertyAddress: property.address,
					stylePreference: style,
					agentEmail: fields.agentEmail,
					qualityLevel: fields.qualityLevel ?? null,
					lightingPreference: fields.lightingPreference ?? null,
					rooms: roomTypes.map((roomType) => ({ roomType })),
					status: project.status,
				},
			}
		})
	} catch (error) {
		await removeRoomPhotos(roomIds)
		throw error
	}
}
