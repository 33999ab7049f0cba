import path from 'node:path'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { InputError } from '#core/errors.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import { EMPTY_ROOM, ROOM_TYPES, STUDIO_STYLES, type RoomType, type StudioStyle } from '#core/studio/studio.schema.ts'
import { asOption, projectActor } from './actor.ts'
import { collectPhotos } from './photos.ts'
import { CommandFailed, createProgress, example, printJson, printTable } from './output.ts'
import { untilSignal } from './signals.ts'
import { printRooms } from './status.ts'

/** Repeatable --style: each value checked against the studio's styles. */
export function collectStyle(value: string, previous: StudioStyle[] = []) {
	const style = value.toLowerCase()
	if (!(STUDIO_STYLES as readonly string[]).includes(style))
		throw new InvalidArgumentError(`Styles are ${STUDIO_STYLES.join(', ')}.`)
	return previous.includes(style as StudioStyle) ? previous : [...previous, style as StudioStyle]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls the submitted rooms until none of their variations is pending, with a job worker running
 * in this process meanwhile. Always, not only when no other worker seems to run: the CLI cannot
 * tell (the embedded database with no server, JOBS=off with no `npm run worker`, or a production
 * DATABASE_URL all look alike from here), and graphile-worker hands each job to one worker only,
 * so an extra worker never renders anything twice; at worst it takes other queued jobs too while
 * it waits, and stopping lets the jobs it holds finish first.
 */
async function waitForRenders(actor: Actor, projectId: string, roomIds: string[], quiet: boolean) {
	const [{ startWorker }, { renderProgress }] = await Promise.all([
		import('#worker/runner.ts'),
		import('#core/studio/render-progress.ts'),
	])
	let stopped = false
	const interrupted = untilSignal().then(() => {
		stopped = true
	})
	const runner = await startWorker()
	const bar = createProgress('Rendering', { quiet })
	try {
		for (;;) {
			const progress = await renderProgress(actor, projectId, { roomIds })
			const { done, failed, expected, pending } = progress.totals
			bar.update(done + failed, expected, failed ? `(${failed} failed)` : '')
			if (pending === 0) return progress
			await Promise.race([sleep(1000), interrupted])
			if (stopped)
				throw new CommandFailed(
					'interrupted: the renders stay queued; follow them with rendo status <projectId> --watch',
				)
		}
	} finally {
		bar.end()
		await runner.stop()
	}
}

export function registerSubmitCommand(program: Command) {
	example(
		program
			.command('submit')
			.summary('upload room photos to a project and queue their renders')
			.description(
				"upload room photos to a project and queue their renders, with the web's checks (size, type, pixels)",
			)
			.argument('<projectId>', 'the project id')
			.argument('<photos...>', 'photo files, or folders whose pictures are all sent')
			.addOption(
				new Option('--style <style>', `a style to render, repeat for more (${STUDIO_STYLES.join(', ')})`).argParser(
					collectStyle,
				),
			)
			.option('--empty', 'also empty each room: remove the furniture and add none (needs a staging provider)')
			.addOption(
				new Option('--room <type>', 'room type of every photo; auto guesses it from each file name')
					.choices(['auto', ...ROOM_TYPES])
					.default('auto'),
			)
			.option('--remove-furniture', 'the rooms contain furniture to remove')
			.option('--wait', 'show a progress bar until every variation exists (runs a job worker meanwhile)')
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option('--json', 'print JSON for scripts'),
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 photos/ --style modern --style luxury --wait',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 kitchen.jpg lounge.jpg --style scandinavian --room auto',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 occupied/ --empty --remove-furniture',
	).action(
		async (
			projectId: string,
			photos: string[],
			opts: {
				style?: StudioStyle[]
				empty?: boolean
				room: string
				removeFurniture?: boolean
				wait?: boolean
				as?: string
				json?: boolean
			},
		) => {
			const styles = [...new Set<StudioStyle>([...(opts.style ?? []), ...(opts.empty ? ([EMPTY_ROOM] as const) : [])])]
			if (!styles.length) throw new InputError({}, 'Give at least one --style, or --empty.')
			const files = await collectPhotos(photos)
			const actor = await projectActor(opts.as, projectId)
			const [{ uploadRoom }, { assertCanRender, processRoom }, { getProject }, { assertOpen }] = await Promise.all([
				import('#core/studio/rooms.ts'),
				import('#core/studio/process-room.ts'),
				import('#core/studio/projects.ts'),
				import('#core/studio/access.ts'),
			])
			// Refuse a project that is not yours, or closed, or a render it cannot do, before the first upload starts.
			assertOpen(await getProject(actor, projectId))
			assertCanRender(styles)
			const hasFurniture = !!opts.removeFurniture
			const bar = createProgress('Uploading', { quiet: opts.json })
			const sent = []
			for (const [i, file] of files.entries()) {
				bar.update(i, files.length, path.basename(file))
				const roomType: RoomType = opts.room === 'auto' ? guessRoomType(file) : (opts.room as RoomType)
				const roomName = path.basename(file).replace(/\.[a-z0-9]{1,5}$/i, '')
				const room = await uploadRoom(actor, { projectId, roomType, roomName, hasFurniture }, { path: file })
				const { queued } = await processRoom(actor, room.id, { styles, hasFurniture })
				sent.push({ photo: file, room, queued })
			}
			bar.update(files.length, files.length)
			bar.end()

			const progress = opts.wait
				? await waitForRenders(
						actor,
						projectId,
						sent.map((s) => s.room.id),
						!!opts.json,
					)
				: null
			if (opts.json)
				printJson({ projectId, rooms: sent.map(({ photo, room, queued }) => ({ photo, ...room, queued })), progress })
			else if (progress) printRooms(progress.rooms)
			else
				printTable(
					sent,
					[
						{ header: 'Photo', value: (s) => s.photo },
						{ header: 'Room', value: (s) => s.room.id },
						{ header: 'Type', value: (s) => s.room.roomType },
						{ header: 'Styles', value: () => styles.join(', ') },
						{ header: 'Renders queued', value: (s) => s.queued },
					],
					'No photos sent',
				)
			if (progress?.totals.failed)
				throw new CommandFailed(`${progress.totals.failed} of ${progress.totals.expected} variations failed`)
		},
	)
}
