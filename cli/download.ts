import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { type Command, Option } from 'commander'
import { systemActor } from '#core/accounts/actor.ts'
import { listingPackName } from '#core/disclosure/pack-manifest.ts'
import { asOption, projectActor } from './actor.ts'
import { CommandFailed, createProgress, example, formatBytes, printJson, printTable } from './output.ts'
import type { ApiClient } from './remote/api-client.ts'
import { downloadFile } from './remote/download-file.ts'
import { remoteApi } from './remote/session.ts'
import { untilSignal } from './signals.ts'

/** A complete file under its final name: written beside it first, so an interrupted run leaves no half file to skip later. */
async function save(bytes: Buffer, target: string) {
	const partial = `${target}.part`
	try {
		await fs.promises.writeFile(partial, bytes)
		await fs.promises.rename(partial, target)
	} catch (error) {
		await fs.promises.rm(partial, { force: true })
		throw error
	}
}

interface ImageToSave {
	id: string
	fileName: string
	roomName: string
	style: string
	/** What the room check thinks may differ from the photo, while nobody has looked; else null. */
	roomCheck: string | null
	/** Saves the image at `target`; null when storage has lost it. */
	save(target: string, signal: AbortSignal): Promise<{ size: number } | null>
}

interface Offer {
	project: { status: string }
	images: ImageToSave[]
	preparing: boolean
}

/** From this machine's storage, with the owner's rights or --as. */
async function offeredLocally(projectId: string, opts: { as?: string; disclosure: boolean }): Promise<Offer> {
	const actor = await projectActor(opts.as, projectId)
	const { downloadableImages } = await import('#core/studio/download-files.ts')
	// Without --as the operator runs the command: staff, acting on the project as its owner.
	const requestedBy = opts.as ? actor : systemActor
	const { project, images, preparing } = await downloadableImages(actor, projectId, {
		disclosure: opts.disclosure,
		requestedBy,
	})
	return {
		project,
		preparing,
		images: images.map(({ read, ...image }) => ({
			...image,
			save: async (target) => {
				const bytes = await read()
				if (!bytes) return null
				await save(bytes, target)
				return { size: bytes.length }
			},
		})),
	}
}

type RemoteImage = Omit<ImageToSave, 'save'> & { url: string }

/** Over the API; each file resumable (a .part left by an interrupted run is continued). */
async function offeredOverApi(
	api: ApiClient,
	projectId: string,
	{ disclosure }: { disclosure: boolean },
): Promise<Offer> {
	const query = disclosure ? '' : '?disclosure=0'
	const offer = await api.get<{ project: { status: string }; preparing: boolean; images: RemoteImage[] }>(
		`/api/property-studio/projects/${encodeURIComponent(projectId)}/images${query}`,
	)
	return {
		...offer,
		images: offer.images.map(({ url, ...image }) => ({
			...image,
			save: async (target, signal) => {
				try {
					return await downloadFile(api, `${url}${query}`, target, signal)
				} catch (error) {
					// Gone from the server's storage: reported like the local mode's missing file.
					if ((error as Error).message === MISSING_ON_SERVER) return null
					throw error
				}
			},
		})),
	}
}

const MISSING_ON_SERVER = 'This image is missing from storage'

const PREPARING = 'the final images of this completed project are still being prepared: try again in a minute'

/**
 * The listing pack (each image beside its original, and the manifest) saved into `out` under its
 * name, from this machine's storage or over the API. Replaced if already there: an older pack may
 * lack an image or point at an originals address since retired.
 */
async function savePack(
	api: ApiClient | null,
	projectId: string,
	opts: { out: string; as?: string },
	signal: AbortSignal,
) {
	if (api) {
		const offer = await api.get<{ project: { propertyAddress: string }; preparing: boolean }>(
			`/api/property-studio/projects/${encodeURIComponent(projectId)}/images`,
		)
		if (offer.preparing) throw new CommandFailed(PREPARING)
		await fs.promises.mkdir(opts.out, { recursive: true })
		const target = path.join(opts.out, listingPackName(offer.project.propertyAddress))
		const route = `/api/property-studio/projects/${encodeURIComponent(projectId)}/pack`
		return { path: target, size: (await downloadFile(api, route, target, signal)).size }
	}
	const actor = await projectActor(opts.as, projectId)
	const { listingPack } = await import('#core/disclosure/listing-pack.ts')
	const { AssetsPreparingError } = await import('#core/studio/downloads.ts')
	const pack = await listingPack(actor, projectId).catch((error: unknown) => {
		throw error instanceof AssetsPreparingError ? new CommandFailed(PREPARING) : error
	})
	await fs.promises.mkdir(opts.out, { recursive: true })
	const target = path.join(opts.out, pack.fileName)
	const partial = `${target}.part`
	try {
		await pipeline(pack.stream, fs.createWriteStream(partial), { signal })
		await fs.promises.rename(partial, target)
	} catch (error) {
		await fs.promises.rm(partial, { force: true })
		throw error
	}
	return { path: target, size: (await fs.promises.stat(target)).size }
}

const INTERRUPTED = 'interrupted: the files saved so far are kept; run the same command again for the rest'
const PACK_INTERRUPTED = 'interrupted: no listing pack was saved; run the same command again'

interface DownloadOptions {
	out: string
	as?: string
	json?: boolean
	disclosure: boolean
	pack?: boolean
}

export function registerDownloadCommand(program: Command) {
	example(
		program
			.command('download')
			.summary("save a project's favourites or final images")
			.description(
				"save a project's images: the favourites, or for a completed project its final assets, with meaningful names",
			)
			.argument('<projectId>', 'the project id')
			.requiredOption('--out <dir>', 'folder to save into (created if missing); files already there are skipped')
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option(
				'--no-disclosure',
				'leave the "Virtually staged" label out, whatever the agency chose (staff only: not with --as an agent)',
			)
			.addOption(
				new Option(
					'--pack',
					"save one listing pack instead (a ZIP to upload with the listing: each image beside its original, with README.txt naming the agency's market's rules, manifest.csv and manifest.json); replaced if there",
				).conflicts('disclosure'),
			)
			.option('--json', 'print JSON for scripts'),
		'rendo download 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 --out ./acacia-avenue',
	).action(async (projectId: string, opts: DownloadOptions) => {
		const api = remoteApi(opts.as)
		if (opts.pack) {
			const interrupt = new AbortController()
			void untilSignal().then(() => interrupt.abort(new CommandFailed(PACK_INTERRUPTED)))
			const pack = await savePack(api, projectId, opts, interrupt.signal).catch((error) => {
				throw interrupt.signal.aborted ? interrupt.signal.reason : error
			})
			if (opts.json) printJson({ projectId, out: opts.out, pack })
			else console.log(`Saved the listing pack: ${pack.path} (${formatBytes(pack.size)})`)
			return
		}
		const { project, images, preparing } = api
			? await offeredOverApi(api, projectId, opts)
			: await offeredLocally(projectId, opts)
		if (preparing) throw new CommandFailed(PREPARING)
		await fs.promises.mkdir(opts.out, { recursive: true })
		const bar = createProgress('Downloading', { quiet: opts.json || !images.length })
		const interrupt = new AbortController()
		void untilSignal().then(() => interrupt.abort(new CommandFailed(INTERRUPTED)))
		const results = []
		for (const [i, image] of images.entries()) {
			interrupt.signal.throwIfAborted()
			bar.update(i, images.length, image.fileName)
			const target = path.join(opts.out, image.fileName)
			const there = await fs.promises.stat(target).catch(() => null)
			if (there?.isFile() && there.size > 0) {
				results.push({ ...image, path: target, size: there.size, status: 'skipped' as const })
				continue
			}
			const saved = await image.save(target, interrupt.signal).catch((error) => {
				throw interrupt.signal.aborted ? interrupt.signal.reason : error
			})
			if (!saved) {
				results.push({ ...image, path: target, size: 0, status: 'missing' as const })
				continue
			}
			results.push({ ...image, path: target, size: saved.size, status: 'downloaded' as const })
		}
		bar.update(images.length, images.length)
		bar.end()

		const files = results.map(({ save: _save, ...rest }) => rest)
		if (opts.json) printJson({ projectId, projectStatus: project.status, out: opts.out, files })
		else {
			printTable(
				files,
				[
					{ header: 'File', value: (f) => f.fileName },
					{ header: 'Room', value: (f) => f.roomName },
					{ header: 'Style', value: (f) => f.style },
					{ header: 'Size', value: (f) => (f.size ? formatBytes(f.size) : null) },
					...(files.some((f) => f.roomCheck)
						? [{ header: 'Room check', value: (f: (typeof files)[number]) => (f.roomCheck ? 'look at it' : null) }]
						: []),
					{ header: 'Status', value: (f) => (f.status === 'skipped' ? 'already there' : f.status) },
				],
				project.status === 'completed'
					? 'No Downloads Available: the project kept no images'
					: 'No Downloads Available: heart the variations to keep in the gallery first',
			)
			const count = (status: string) => files.filter((f) => f.status === status).length
			if (files.length)
				console.log(`\n${count('downloaded')} downloaded, ${count('skipped')} already there, into ${opts.out}`)
			const flagged = files.filter((f) => f.roomCheck)
			if (flagged.length)
				console.log(
					`\nLook at these before a listing uses them (a wall, window, door, floor or ceiling may differ from the photo):\n${flagged.map((f) => `  ${f.fileName}: ${f.roomCheck}`).join('\n')}`,
				)
		}
		const missing = files.filter((f) => f.status === 'missing').length
		if (missing) throw new CommandFailed(`${missing} image${missing === 1 ? ' is' : 's are'} missing from storage`)
	})
}
