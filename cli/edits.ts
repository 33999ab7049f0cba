import type { Command } from 'commander'
import type { editRoom, listObjects } from '#core/edits/edit-room.ts'
import { InputError } from '#core/errors.ts'
import { type Actor, systemActor } from '#core/accounts/actor.ts'
import { actorAs, asOption } from './actor.ts'
import { useDatabase } from './database.ts'
import { example, printJson, printTable } from './output.ts'
import { remoteApi } from './remote/session.ts'

type Objects = Awaited<ReturnType<typeof listObjects>>
type Edited = Awaited<ReturnType<typeof editRoom>>

/**
 * `rendo objects ROOM` and `rendo edit ROOM --remove … | --renovate …`: item removal and
 * renovation of a room's photo, over the API when logged in, else on the local database (as the
 * room's owner, or --as).
 */
export function registerEditCommands(program: Command) {
	example(
		program
			.command('objects')
			.summary("what a room's photo shows that can be removed or renovated")
			.description(
				"the objects in a room's photo (their names are what rendo edit --remove takes) and its surfaces (what --renovate takes)",
			)
			.argument('<roomId>', 'the room id')
			.addOption(asOption("act as this account (default: the room's owner)"))
			.option('--json', 'print JSON for scripts'),
		'rendo objects 5f0a4c36-0b6d-3c1e-9a57-2a1f0f7f1c55',
	).action(async (roomId: string, opts: { as?: string; json?: boolean }) => {
		const api = remoteApi(opts.as)
		const answer = api
			? await api.get<Objects>(`/api/property-studio/rooms/${encodeURIComponent(roomId)}/objects`)
			: await (await import('#core/edits/edit-room.ts')).listObjects(await roomActor(opts.as, roomId), roomId)
		if (opts.json) return printJson(answer)
		printTable(
			answer.objects,
			[
				{ header: 'Object', value: (o) => o.name },
				{ header: 'Id', value: (o) => o.id },
				{ header: 'Share of photo', value: (o) => `${(o.area * 100).toFixed(1)} %` },
			],
			'Nothing in this photo can be removed',
		)
		// What this server's provider does not make is said under its table, before it is asked.
		if (answer.notRemovable) console.log(answer.notRemovable)
		console.log()
		printTable(
			answer.surfaces,
			[
				{ header: 'Surface', value: (s) => s.name },
				{ header: 'Share of photo', value: (s) => `${(s.area * 100).toFixed(1)} %` },
				{ header: 'Renovate here', value: (s) => (s.renovatable ? 'yes' : 'no') },
			],
			'No surface of this photo can be renovated',
		)
		if (answer.notRenovatable) console.log(answer.notRenovatable)
	})

	example(
		program
			.command('edit')
			.summary("remove things from a room's photo, or renovate its surfaces")
			.description(
				'one more variation of the room, counted as a render and checked against what was asked; names come from rendo objects',
			)
			.argument('<roomId>', 'the room id')
			.option(
				'--remove <names>',
				"objects to remove, by name or id, comma-separated ('bin,armchair 2'; 'chairs' for all)",
			)
			.option(
				'--renovate <surfaces>',
				'surfaces and what they become, comma-separated: walls=#d8d2c4,floor=oak (floor: oak, walnut, grey tiles, …)',
			)
			.addOption(asOption("act as this account (default: the room's owner)"))
			.option('--json', 'print JSON for scripts'),
		'rendo edit 5f0a4c36-0b6d-3c1e-9a57-2a1f0f7f1c55 --remove "bin,armchair"',
		'rendo edit 5f0a4c36-0b6d-3c1e-9a57-2a1f0f7f1c55 --renovate walls=#d8d2c4,floor=oak',
	).action(async (roomId: string, opts: { remove?: string; renovate?: string; as?: string; json?: boolean }) => {
		const body = editBody(opts)
		const api = remoteApi(opts.as)
		// The same edit asked twice answers the same variation, so a retried post is safe.
		const answer = api
			? await api.json<Edited>('POST', `/api/property-studio/rooms/${encodeURIComponent(roomId)}/edit`, {
					body,
					retry: true,
				})
			: await (await import('#core/edits/edit-room.ts')).editRoom(await roomActor(opts.as, roomId), roomId, body)
		if (opts.json) return printJson(answer)
		console.log(
			`Queued ${answer.variation.style === 'remove' ? 'the removal' : 'the renovation'} as variation ${answer.variation.id}: follow it with rendo status`,
		)
	})
}

/** The options as the API's body: --remove as names, --renovate's pairs as surfaces. */
function editBody(opts: { remove?: string; renovate?: string }) {
	if (!opts.remove === !opts.renovate) throw new InputError({}, 'Give --remove or --renovate, one of the two.')
	if (opts.remove) return { remove: opts.remove }
	const renovate: Record<string, string> = {}
	for (const pair of opts.renovate!.split(',')) {
		const [surface, becomes] = pair.split('=').map((s) => s.trim())
		if (!surface || !becomes)
			throw new InputError({ '--renovate': [`'${pair.trim()}' is not surface=value, e.g. walls=#d8d2c4`] })
		renovate[surface] = becomes
	}
	return { renovate }
}

/** --as, else the room's owner: the operator acts on the room as its agent, as on a project. */
async function roomActor(as: string | undefined, roomId: string): Promise<Actor> {
	if (as) return actorAs(as)
	await useDatabase()
	const [{ db }, { ownedRoom }, { projectOwnerActor }] = await Promise.all([
		import('#core/platform/db.ts'),
		import('#core/studio/access.ts'),
		import('#core/studio/projects.ts'),
	])
	const { project } = await ownedRoom(db, systemActor, roomId, { need: 'read' })
	return projectOwnerActor(systemActor, project.id)
}
