import type { Command } from 'commander'
import type { RenderProgress } from '#core/studio/render-progress.ts'
import { asOption, projectActor } from './actor.ts'
import { example, printDetails, printTable } from './output.ts'
import type { ApiClient } from './remote/api-client.ts'
import { remoteApi } from './remote/session.ts'

type Rooms = RenderProgress['rooms']

/** One line per room and style (with a "To check" column when the room check flagged any), then every failure with its reason. */
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
}

export function printStatus({ project, rooms, totals }: RenderProgress) {
	printDetails([
		['Project', `${project.propertyAddress} (${project.status})`],
		[
			'Variations',
			`${totals.done}/${totals.expected} done, ${totals.pending} pending, ${totals.failed} failed${totals.checks ? `, ${totals.checks} to check` : ''}`,
		],
	])
	console.log()
	printRooms(rooms)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

export function registerStatusCommand(program: Command) {
	example(
		program
			.command('status')
			.summary("a project's renders: done, expected, failed")
			.description("a project's rooms, styles, variations done of expected, and failures")
			.argument('<projectId>', 'the project id')
			.option('--watch', 'refresh until no variation is pending')
			.option('--interval <seconds>', 'seconds between refreshes with --watch', (v) => Number(v), 2)
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option('--json', 'print JSON for scripts (with --watch, one line per change)'),
		'rendo status 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 --watch',
	).action(async (projectId: string, opts: { watch?: boolean; interval: number; as?: string; json?: boolean }) => {
		const read = progressReader(projectId, opts.as)
		let previous = ''
		for (;;) {
			const progress = await read()
			const snapshot = JSON.stringify(progress)
			if (snapshot !== previous) {
				if (opts.json) console.log(opts.watch ? snapshot : JSON.stringify(progress, null, 2))
				else {
					if (opts.watch && process.stdout.isTTY) console.clear()
					else if (previous) console.log()
					printStatus(progress)
				}
				previous = snapshot
			}
			if (!opts.watch || progress.totals.pending === 0) return
			await sleep(Math.max(0.2, opts.interval || 2) * 1000)
		}
	})
}
