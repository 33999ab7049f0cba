import fs from 'node:fs'
import path from 'node:path'
import type { Command } from 'commander'
import { systemActor } from '#core/accounts/actor.ts'
import { asOption, projectActor } from './actor.ts'
import { CommandFailed, createProgress, example, formatBytes, printJson, printTable } from './output.ts'

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
			.option('--json', 'print JSON for scripts'),
		'rendo download 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 --out ./acacia-avenue',
	).action(async (projectId: string, opts: { out: string; as?: string; json?: boolean; disclosure: boolean }) => {
		const actor = await projectActor(opts.as, projectId)
		const { downloadableImages } = await import('#core/studio/download-files.ts')
		// Without --as the operator runs the command: staff, acting on the project as its owner.
		const requestedBy = opts.as ? actor : systemActor
		const { project, images, preparing } = await downloadableImages(actor, projectId, {
			disclosure: opts.disclosure,
			requestedBy,
		})
		if (preparing)
			throw new CommandFailed(
				'the final images of this completed project are still being prepared: try again in a minute',
			)
		await fs.promises.mkdir(opts.out, { recursive: true })
		const bar = createProgress('Downloading', { quiet: opts.json || !images.length })
		const results = []
		for (const [i, image] of images.entries()) {
			bar.update(i, images.length, image.fileName)
			const target = path.join(opts.out, image.fileName)
			const there = await fs.promises.stat(target).catch(() => null)
			if (there?.isFile() && there.size > 0) {
				results.push({ ...image, path: target, size: there.size, status: 'skipped' as const })
				continue
			}
			const bytes = await image.read()
			if (!bytes) {
				results.push({ ...image, path: target, size: 0, status: 'missing' as const })
				continue
			}
			await save(bytes, target)
			results.push({ ...image, path: target, size: bytes.length, status: 'downloaded' as const })
		}
		bar.update(images.length, images.length)
		bar.end()

		const files = results.map(({ read: _read, ...rest }) => rest)
		if (opts.json) printJson({ projectId, projectStatus: project.status, out: opts.out, files })
		else {
			printTable(
				files,
				[
					{ header: 'File', value: (f) => f.fileName },
					{ header: 'Room', value: (f) => f.roomName },
					{ header: 'Style', value: (f) => f.style },
					{ header: 'Size', value: (f) => (f.size ? formatBytes(f.size) : null) },
					{ header: 'Status', value: (f) => (f.status === 'skipped' ? 'already there' : f.status) },
				],
				project.status === 'completed'
					? 'No Downloads Available: the project kept no images'
					: 'No Downloads Available: heart the variations to keep in the gallery first',
			)
			const count = (status: string) => files.filter((f) => f.status === status).length
			if (files.length)
				console.log(`\n${count('downloaded')} downloaded, ${count('skipped')} already there, into ${opts.out}`)
		}
		const missing = files.filter((f) => f.status === 'missing').length
		if (missing) throw new CommandFailed(`${missing} image${missing === 1 ? ' is' : 's are'} missing from storage`)
	})
}
