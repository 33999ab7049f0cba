import { setTimeout as sleep } from 'node:timers/promises'
import type { Command } from 'commander'
import type { RenderProgress } from '#core/studio/render-progress.ts'
import { asOption, projectActor } from './actor.ts'
import { example, printDetails, printTable } from './output.ts'
import type { ApiClient } from './remote/api-client.ts'
import { remoteApi } from './remote/session.ts'

type Rooms = RenderProgress['rooms']

/**
 * One line per room and style (with a "To check" column when the room check flagged any), then every
 * failure with its reason, the flagged images, and what the room check saw each image add and take away.
 */
export function printRooms(rooms: Rooms) {
	type Line = { room: Rooms[number]; style: Rooms[number]['styles'][number] | null }
	const lines = rooms.flatMap((room): Line[] =>
		room.styles.length ? room.styles.map((style) => ({ room, style })) : [{ room, style: null }],
	)
	const flagged = lines.some(({ style }) => style?.checks.length)
	printTable(
		lines,
		[
			{ header: 'Room', value: ({ room }) => room.name },
			{ header: 'Type', value: ({ room }) => room.roomType },
			{ header: 'Style', value: ({ style }) => style?.style },
			{ header: 'Done', value: ({ style }) => (style ? `${style.done}/${style.expected}` : null) },
			{ header: 'Failed', value: ({ style }) => style?.failed },
			...(flagged ? [{ header: 'To check', value: ({ style }: Line) => style?.checks.length || null }] : []),
			{ header: 'Room status', value: ({ room }) => room.status },
		],
		'No rooms yet: add photos with rendo submit',
	)
	const failures = rooms.flatMap((room) =>
		room.styles.filter((s) => s.failed).map((s) => `  ${room.name} · ${s.style}: ${s.errors.join('; ') || 'failed'}`),
	)
	if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`)
	const checks = rooms.flatMap((room) =>
		room.styles.flatMap((s) => s.checks.map((c) => `  ${room.name} · ${s.style}: ${c.note}`)),
	)
	if (checks.length)
		console.log(
			`\nRoom checks to look at (a wall, window, door, floor or ceiling may differ from the photo; keep or replace in the gallery):\n${checks.join('\n')}`,
		)
	// An older server's progress has no contents.
	const seen = rooms.flatMap((room) =>
		room.styles.flatMap((s) =>
			(s.contents ?? []).map((c) => `  ${room.name} · ${s.style}, variation ${c.position}: ${c.sentence}`),
		),
	)
	if (seen.length) console.log(`\nWhat the room check saw added and removed:\n${seen.join('\n')}`)
}

/** `originalsPageUrl`: the property's originals page, null while the agent has switched it off. */
export function printStatus({ project, rooms, totals }: RenderProgress, originalsPageUrl: string | null) {
	printDetails([
		['Project', `${project.propertyAddress} (${project.status})`],
		[
			'Variations',
			`${totals.done}/${totals.expected} done, ${totals.pending} pending, ${totals.failed} failed${totals.checks ? `, ${totals.checks} to check` : ''}`,
		],
		['Originals', originalsPageUrl ?? 'page switched off (its address opens nothing until switched on)'],
	])
	console.log()
	printRooms(rooms)
}

/** Where a project's renders stand, from the API when logged in, else from the local database. */
export function progressReader(projectId: string, as: string | undefined, api = remoteApi(as)) {
	let local: Promise<[Awaited<ReturnType<typeof projectActor>>, typeof import('#core/studio/render-progress.ts')]>
	return async ({ roomIds }: { roomIds?: string[] } = {}): Promise<RenderProgress> => {
		if (api) return remoteProgress(api, projectId, roomIds)
		local ??= Promise.all([projectActor(as, projectId), import('#core/studio/render-progress.ts')])
		const [actor, { renderProgress }] = await local
		return renderProgress(actor, projectId, { roomIds })
	}
}

export function remoteProgress(api: ApiClient, projectId: string, roomIds?: string[]) {
	const query = roomIds?.length ? `?${roomIds.map((id) => `room=${encodeURIComponent(id)}`).join('&')}` : ''
	return api.get<RenderProgress>(`/api/property-studio/projects/${encodeURIComponent(projectId)}/progress${query}`)
}

export const projectProgress = (projectId: string, as: string | undefined) => progressReader(projectId, as)()

/** The property's originals page address (null while switched off), from the API's project answer when logged in. */
export async function originalsPageUrl(projectId: string, as: string | undefined, api = remoteApi(as)) {
	if (api)
		return (
			await api.get<{ originalsPageUrl: string | null }>(
				`/api/property-studio/projects/${encodeURIComponent(projectId)}`,
			)
		).originalsPageUrl
	const [actor, { projectWithOriginals }] = await Promise.all([
		projectActor(as, projectId),
		import('#core/disclosure/originals-links.ts'),
	])
	return (await projectWithOriginals(actor, projectId)).originalsPageUrl
}

export function registerStatusCommand(program: Command) {
	example(
		program
			.command('status')
			.summary("a project's renders: done, expected, failed")
			.description(
				"a project's rooms, styles, variations done of expected, failures, and the address of its originals page",
			)
			.argument('<projectId>', 'the project id')
			.option('--watch', 'refresh until no variation is pending')
			.option('--interval <seconds>', 'seconds between refreshes with --watch', (v) => Number(v), 2)
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option('--json', 'print JSON for scripts (with --watch, one line per change)'),
		'rendo status 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 --watch',
	).action(async (projectId: string, opts: { watch?: boolean; interval: number; as?: string; json?: boolean }) => {
		const read = progressReader(projectId, opts.as)
		let previous = ''
		let originals: string | null | undefined
		for (;;) {
			const progress = await read()
			// Asked once, after the first read has found the project: it does not change while renders run.
			if (originals === undefined) originals = await originalsPageUrl(projectId, opts.as)
			const snapshot = JSON.stringify({ ...progress, originalsPageUrl: originals })
			if (snapshot !== previous) {
				if (opts.json) console.log(opts.watch ? snapshot : JSON.stringify(JSON.parse(snapshot), null, 2))
				else {
					if (opts.watch && process.stdout.isTTY) console.clear()
					else if (previous) console.log()
					printStatus(progress, originals)
				}
				previous = snapshot
			}
			if (!opts.watch || progress.totals.pending === 0) return
			await sleep(Math.max(0.2, opts.interval || 2) * 1000)
		}
	})
}
