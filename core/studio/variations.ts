import { eq } from 'drizzle-orm'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { db, pool } from '#core/platform/db.ts'
import { assertOpen, ownedProject, ownedVariation } from './access.ts'
import { variationView, type VariationView } from './views.ts'
import { isUuid } from '#core/ids.ts'

/**
 * The gallery polls this every few seconds per open page, so PostgreSQL builds the answer: one
 * prepared statement that checks ownership (the owner is a parameter) and returns the JSON of
 * every variation in the shape of `variationView` (a test holds the two equal). Node neither
 * parses rows nor serialises objects. Only an empty answer costs a second query, to tell "yours
 * but empty" from "not yours" (403) and "no such project" (404).
 */
const VARIATIONS_JSON = `
select coalesce(json_agg(json_build_object(
	'id', v.id, 'roomId', v.room_id, 'style', v.style, 'status', v.status, 'errorMessage', v.error_message,
	'imageUrl', case when v.status = 'completed' then '/files/variations/' || v.id || '/full' end,
	'thumbnailUrl', case when v.status = 'completed' then '/files/variations/' || v.id || '/thumbnail' end,
	'isFavorite', v.is_favorite, 'isPreview', v.render_id is null,
	'generationNumber', v.generation_number, 'variationIndex', v.variation_index, 'renderId', v.render_id,
	'roomName', coalesce(r.room_name, r.room_type),
	'createdAt', to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
) order by r.sort_order, v.style, v.generation_number, v.variation_index), '[]')::text as json
from property_studio_variations v
join property_studio_rooms r on r.id = v.room_id
join property_studio_projects p on p.id = r.project_id
where p.id = $1 and p.user_id = $2 and (not $3::boolean or v.is_favorite)`

/** The project's variations as the API's JSON text; `onlyFavorites` for the favourites list. */
export async function projectVariationsJson(actor: Actor, projectId: string, { onlyFavorites = false } = {}) {
	const { userId } = requireUser(actor)
	const json = isUuid(projectId)
		? (await pool.query<{ json: string }>({ name: 'project_variations_json', text: VARIATIONS_JSON, values: [projectId, userId, onlyFavorites] })).rows[0].json
		: '[]'
	if (json === '[]') await ownedProject(db, actor, projectId)
	return json
}

/** Every variation of the project, pending ones included as placeholders for the gallery. */
export async function listVariations(actor: Actor, projectId: string): Promise<VariationView[]> {
	return JSON.parse(await projectVariationsJson(actor, projectId))
}

export async function listFavorites(actor: Actor, projectId: string): Promise<VariationView[]> {
	return JSON.parse(await projectVariationsJson(actor, projectId, { onlyFavorites: true }))
}

export async function setFavorite(actor: Actor, variationId: string, isFavorite: boolean) {
	const { project, room } = await ownedVariation(db, actor, variationId)
	assertOpen(project)
	const [variation] = await db
		.update(propertyStudioVariations)
		.set({ isFavorite })
		.where(eq(propertyStudioVariations.id, variationId))
		.returning()
	return variationView(variation, room)
}
