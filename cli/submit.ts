import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { InputError, NotFoundError } from '#core/errors.ts'
import type { Actor } from '#core/accounts/actor.ts'
import type { RenderProgress } from '#core/studio/render-progress.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import type { RenderOptions } from '#core/studio/render-options.ts'
import {
	ENHANCE,
	EMPTY_ROOM,
	ROOM_TYPES,
	STUDIO_STYLES,
	TWILIGHT,
	TWILIGHT_INDOORS,
	type RoomType,
	type StudioStyle,
} from '#core/studio/studio.schema.ts'
import { asOption, projectActor } from './actor.ts'
import { collectPhotos } from './photos.ts'
import { CommandFailed, createProgress, example, printJson, printTable } from './output.ts'
import { untilSignal } from './signals.ts'
import type { ApiClient } from './remote/api-client.ts'
import { eachLimited, markSameRoom, processPhoto, uploadKeyOf, uploadPhoto } from './remote/send-photo.ts'
import { remoteApi } from './remote/session.ts'
import { printRooms, remoteProgress } from './status.ts'

/** Repeatable --style: each value checked against the studio's styles. */
export function collectStyle(value: string, previous: StudioStyle[] = []) {
	const style = value.toLowerCase()
	if (!(STUDIO_STYLES as readonly string[]).includes(style))
		throw new InvalidArgumentError(`Styles are ${STUDIO_STYLES.join(', ')}.`)
	return previous.includes(style as StudioStyle) ? previous : [...previous, style as StudioStyle]
}

/**
 * Emptying and the photo edits need a provider that makes them: refused in one line before
 * anything is uploaded. Locally core's own check; over the API the server's provider is asked, as
 * only it knows (a server without the question refuses when the room is processed instead).
 */
export async function assertCanMake(api: ApiClient | null, styles: readonly StudioStyle[]) {
	if (!api) {
		const { assertCanRender } = await import('#core/studio/process-room.ts')
		return assertCanRender(styles)
	}
	const { unavailableReason } = await import('#core/studio/render-options.ts')
	let options: RenderOptions
	try {
		options = await api.get<RenderOptions>('/api/property-studio/render-options')
	} catch (error) {
		if (error instanceof NotFoundError) return
		throw error
	}
	const reason = unavailableReason(options, styles)
	if (reason) throw new InputError({ styles: [reason] }, reason)
}

/**
 * Polls the submitted rooms (`read`) until none of their variations is pending, with a progress
 * bar; Ctrl-C (`interrupted`) stops waiting, and the renders stay queued.
 */
async function followRenders(
	read: () => Promise<RenderProgress>,
	quiet: boolean,
	signalled: Promise<unknown> = untilSignal(),
) {
	let stopped = false
	const interrupted = signalled.then(() => {
		stopped = true
	})
	const bar = createProgress('Rendering', { quiet })
	try {
		for (;;) {
			const progress = await read()
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
	}
}

/**
 * --wait on the local database, with a job worker running in this process meanwhile. Always, not
 * only when no other worker seems to run: the CLI cannot tell (the embedded database with no
 * server, JOBS=off with no `npm run worker`, or a production DATABASE_URL all look alike from
 * here), and graphile-worker hands each job to one worker only, so an extra worker never renders
 * anything twice; at worst it takes other queued jobs too while it waits, and stopping lets the
 * jobs it holds finish first.
 */
async function waitForRenders(actor: Actor, projectId: string, roomIds: string[], quiet: boolean) {
	const [{ startWorker }, { renderProgress }] = await Promise.all([
		import('#worker/runner.ts'),
		import('#core/studio/render-progress.ts'),
	])
	// Ctrl-C is taken before the worker starts: one pressed meanwhile still stops it cleanly.
	const signalled = untilSignal()
	const runner = await startWorker()
	try {
		return await followRenders(() => renderProgress(actor, projectId, { roomIds }), quiet, signalled)
	} finally {
		await runner.stop()
	}
}

interface SubmitRequest {
	projectId: string
	files: string[]
	styles: StudioStyle[]
	hasFurniture: boolean
	room: string
	/** Every photo is a view of one room: the first is its first view, the others are marked same room as it. */
	sameRoom: boolean
}

type Bar = ReturnType<typeof createProgress>

const roomTypeOf = (file: string, room: string): RoomType =>
	room === 'auto' ? guessRoomType(file) : (room as RoomType)
const roomNameOf = (file: string) => path.basename(file).replace(/\.[a-z0-9]{1,5}$/i, '')

export const SAME_ROOM_NEEDS_TWO =
	'--same-room needs at least two photos: the first view of the room and another view of it'

/**
 * --same-room, checked before anything is uploaded: two photos at least, all of one room type
 * (core checks each pair again when it marks them; this says it once, naming the photos).
 */
export async function assertOneRoom(files: string[], room: string) {
	if (files.length < 2) throw new InputError({}, SAME_ROOM_NEEDS_TWO)
	const { roomTypeLabel } = await import('#core/studio/labels.ts')
	const types = files.map((file) => roomTypeOf(file, room))
	if (new Set(types).size === 1) return
	const named = files.map((file, i) => `${path.basename(file)} (${roomTypeLabel(types[i])})`).join(', ')
	const message = `--same-room: the photos are of different room types: ${named}; views of one room are of one room type (give it with --room)`
	throw new InputError({}, message)
}

/** On this machine's database, one photo after another, with the owner's rights or --as. */
async function sendLocally(
	as: string | undefined,
	{ projectId, files, styles, hasFurniture, room, sameRoom }: SubmitRequest,
	bar: Bar,
) {
	const actor = await projectActor(as, projectId)
	const [{ uploadRoom }, { assertCanRender, processRoom }, { getProject }, { assertOpen }, { setSameRoom }] =
		await Promise.all([
			import('#core/studio/rooms.ts'),
			import('#core/studio/process-room.ts'),
			import('#core/studio/projects.ts'),
			import('#core/studio/access.ts'),
			import('#core/studio/room-views.ts'),
		])
	// Refuse a project that is not yours, or closed, or a render it cannot do, before the first upload starts.
	assertOpen(await getProject(actor, projectId))
	assertCanRender(styles)
	const sent = []
	for (const [i, file] of files.entries()) {
		bar.update(i, files.length, path.basename(file))
		const roomType = roomTypeOf(file, room)
		let created = await uploadRoom(
			actor,
			{ projectId, roomType, roomName: roomNameOf(file), hasFurniture },
			{ path: file },
		)
		// Marked before it is processed: the first view, processed first, is what it waits for.
		if (sameRoom && i > 0) created = await setSameRoom(actor, created.id, { sameRoomAs: sent[0].room.id })
		const { queued } = await processRoom(actor, created.id, { styles, hasFurniture })
		sent.push({ photo: file, room: created, queued, existing: false })
	}
	return sent
}

// Uploads at once: enough to fill a slow uplink, few enough not to trip the token's rate limit.
const UPLOADS_AT_ONCE = 3

/**
 * Over the API, a few photos at a time, each retried on its own and keyed by its bytes, so Ctrl-C
 * or a dropped connection is finished by running the same command again without a duplicate.
 */
async function sendOverApi(
	api: ApiClient,
	{ projectId, files, styles, hasFurniture, room, sameRoom }: SubmitRequest,
	bar: Bar,
) {
	const { photoFileProblem } = await import('#core/studio/photo-file.ts')
	// Every photo checked here first, as the web would check it: nothing is sent when one is bad.
	const problems = (await Promise.all(files.map(async (file) => [file, await photoFileProblem(file)] as const))).filter(
		([, problem]) => problem,
	)
	if (problems.length) throw new InputError(Object.fromEntries(problems.map(([file, problem]) => [file, [problem!]])))
	const project = await api.get<{ status: string }>(`/api/property-studio/projects/${encodeURIComponent(projectId)}`)
	if (project.status !== 'active') throw new InputError({}, 'This project is complete and closed for changes')
	const interrupt = new AbortController()
	void untilSignal().then(() => interrupt.abort(new CommandFailed(INTERRUPTED_UPLOAD)))
	let done = 0
	const send = async (file: string, firstView?: string) => {
		const key = await uploadKeyOf(projectId, file)
		const roomType = roomTypeOf(file, room)
		const photo = { projectId, file, key, roomType, roomName: roomNameOf(file), hasFurniture, styles, bulk: false }
		const uploaded = await uploadPhoto(api, photo, interrupt.signal)
		// Marked before it is processed (a rerun finds it marked and asks nothing again).
		if (firstView) uploaded.room = await markSameRoom(api, uploaded.room, firstView, interrupt.signal)
		const sent = await processPhoto(api, photo, uploaded, interrupt.signal)
		bar.update(++done, files.length, path.basename(file))
		return { photo: file, ...sent }
	}
	try {
		if (!sameRoom) return await eachLimited(files, UPLOADS_AT_ONCE, (file) => send(file))
		// The first view first, processed before its other views are: they wait for its images.
		const first = await send(files[0])
		return [first, ...(await eachLimited(files.slice(1), UPLOADS_AT_ONCE, (file) => send(file, first.room.id)))]
	} catch (error) {
		throw interrupt.signal.aborted ? interrupt.signal.reason : error
	}
}

const INTERRUPTED_UPLOAD =
	'interrupted: the photos sent so far are kept; run the same command again to send the rest (none is sent twice)'

/** --wait over the API: the server's workers render; this only reads the progress. */
const watchOverApi = (api: ApiClient, projectId: string, roomIds: string[], quiet: boolean) =>
	followRenders(() => remoteProgress(api, projectId, roomIds), quiet)

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
			.option('--twilight', 'also make a twilight shot: a daytime exterior turned to dusk (needs OpenAI or Gemini)')
			.option(
				'--enhance',
				'also make an enhanced photo: exposure, white balance and lens corrected (needs OpenAI or Gemini)',
			)
			.addOption(
				new Option('--room <type>', 'room type of every photo; auto guesses it from each file name')
					.choices(['auto', ...ROOM_TYPES])
					.default('auto'),
			)
			.option('--remove-furniture', 'the rooms contain furniture to remove')
			.option(
				'--same-room',
				'the photos are views of one room: the first is staged first, the others to match it (same room type)',
			)
			.option('--wait', 'show a progress bar until every variation exists (runs a job worker meanwhile)')
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option('--json', 'print JSON for scripts'),
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 photos/ --style modern --style luxury --wait',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 kitchen.jpg lounge.jpg --style scandinavian --room auto',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 occupied/ --empty --remove-furniture',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 front.jpg --room exterior --twilight --enhance',
		'rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 lounge-1.jpg lounge-2.jpg --room living --same-room --style modern',
	).action(
		async (
			projectId: string,
			photos: string[],
			opts: {
				style?: StudioStyle[]
				empty?: boolean
				twilight?: boolean
				enhance?: boolean
				room: string
				removeFurniture?: boolean
				sameRoom?: boolean
				wait?: boolean
				as?: string
				json?: boolean
			},
		) => {
			const styles = [
				...new Set<StudioStyle>([
					...(opts.style ?? []),
					...(opts.empty ? ([EMPTY_ROOM] as const) : []),
					...(opts.twilight ? ([TWILIGHT] as const) : []),
					...(opts.enhance ? ([ENHANCE] as const) : []),
				]),
			]
			if (!styles.length) throw new InputError({}, 'Give at least one --style, or --empty, --twilight or --enhance.')
			const api = remoteApi(opts.as)
			await assertCanMake(api, styles)
			const files = await collectPhotos(photos)
			if (opts.sameRoom) await assertOneRoom(files, opts.room)
			const { twilightIndoors } = await import('#core/studio/render-options.ts')
			// Twilight of an inside room is made all the same, once the agent has been told.
			for (const file of files)
				if (twilightIndoors(styles, roomTypeOf(file, opts.room)))
					console.error(`rendo: photo ${file}: ${TWILIGHT_INDOORS}`)
			const request = {
				projectId,
				files,
				styles,
				hasFurniture: !!opts.removeFurniture,
				room: opts.room,
				sameRoom: !!opts.sameRoom,
			}
			const bar = createProgress('Uploading', { quiet: opts.json })
			const sent = await (api ? sendOverApi(api, request, bar) : sendLocally(opts.as, request, bar))
			bar.update(files.length, files.length)
			bar.end()

			const roomIds = sent.map((s) => s.room.id)
			const progress = !opts.wait
				? null
				: api
					? await watchOverApi(api, projectId, roomIds, !!opts.json)
					: await waitForRenders(await projectActor(opts.as, projectId), projectId, roomIds, !!opts.json)
			if (opts.json)
				printJson({
					projectId,
					rooms: sent.map(({ photo, room, queued, existing }) => ({ photo, ...room, queued, existing })),
					progress,
				})
			else if (progress) printRooms(progress.rooms)
			else
				printTable(
					sent,
					[
						{ header: 'Photo', value: (s) => s.photo },
						{ header: 'Room', value: (s) => s.room.id },
						{ header: 'Type', value: (s) => s.room.roomType },
						{ header: 'Styles', value: () => styles.join(', ') },
						{ header: 'Renders queued', value: (s) => (s.existing && !s.queued ? 'sent before' : s.queued) },
						// With --same-room: which photo each is another view of.
						...(opts.sameRoom
							? [
									{
										header: 'View of',
										value: (s: (typeof sent)[number]) =>
											s.room.sameRoomAs ? path.basename(sent[0].photo) : 'first view',
									},
								]
							: []),
					],
					'No photos sent',
				)
			if (progress?.totals.failed)
				throw new CommandFailed(`${progress.totals.failed} of ${progress.totals.expected} variations failed`)
		},
	)
}
