import { Option, type Command } from 'commander'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import type { ImportPlan, ImportSummary } from '#core/studio/import-properties.ts'
import type { RenderOptions } from '#core/studio/render-options.ts'
import { ROOM_TYPES, STUDIO_STYLES, VARIATIONS_PER_STYLE } from '#core/studio/studio.schema.ts'
import { agentActor, agentAs } from './actor.ts'
import { CommandFailed, createProgress, example, printDetails, printJson, printTable } from './output.ts'
import type { ApiClient } from './remote/api-client.ts'
import { eachLimited, markSameRoom, processPhoto, uploadPhoto } from './remote/send-photo.ts'
import { remoteApi } from './remote/session.ts'
import { untilSignal } from './signals.ts'
import { collectStyle } from './submit.ts'

type Plan = Omit<ImportPlan, 'userId'>
type Progress = (rowsDone: number, rowCount: number) => void

/** The rows of a property that become another view of a room (same_room), with the photo each is a view of. */
const viewsOf = (rows: Plan['properties'][number]['rows']) =>
	rows.flatMap(({ line, photo, firstView }) =>
		firstView ? [{ line, photo, viewOf: { line: firstView.line, photo: firstView.photo } }] : [],
	)

/**
 * The file checked on this machine; what earlier runs imported asked of the server, by the rows'
 * keys, and what its provider makes (a server without the question refuses a row when it is sent).
 */
async function planOverApi(api: ApiClient, input: { csvPath: string; defaultStyles?: string[] }) {
	const { checkImportFile } = await import('#core/studio/import-properties.ts')
	let renderOptions: RenderOptions | undefined
	try {
		renderOptions = await api.get<RenderOptions>('/api/property-studio/render-options')
	} catch (error) {
		if (!(error instanceof NotFoundError)) throw error
	}
	return checkImportFile({ ...input, renderOptions }, async (keys) => {
		const { imported } = await api.json<{ imported: Array<{ key: string; projectId: string; projectStatus: string }> }>(
			'POST',
			'/api/property-studio/imports/known',
			{ body: { keys }, retry: true },
		)
		return imported
	})
}

// Photos uploaded at once, as `rendo submit` does.
const UPLOADS_AT_ONCE = 3

/**
 * The plan written over the API: each property's project made with its key (or found, when an
 * earlier run made it), then its photos sent with their row keys, a few at a time, each retried on
 * its own. A row the server refuses is reported with its line, as the local import reports a
 * property it could not write; anything else stops the run, and running it again resumes.
 */
async function importOverApi(api: ApiClient, plan: Plan, onProgress: Progress): Promise<ImportSummary> {
	const { startSummary } = await import('#core/studio/import-properties.ts')
	const summary = startSummary(plan)
	const interrupt = new AbortController()
	void untilSignal().then(() => interrupt.abort(new CommandFailed(INTERRUPTED)))
	let done = plan.skipped
	onProgress(done, plan.rowCount)
	try {
		for (const property of plan.properties) {
			let projectId = property.projectId
			if (!projectId) {
				const response = await api.request('POST', '/api/property-studio/projects', {
					body: {
						propertyAddress: property.address,
						clientName: property.clientName,
						clientEmail: property.clientEmail,
						importKey: property.key,
					},
					retry: true,
					signal: interrupt.signal,
				})
				projectId = ((await response.json()) as { id: string }).id
				if (response.status === 201) summary.projectsCreated++
			}
			// Views of one room (same_room) after the first views they are marked same room as, so each
			// first view is processed first and its views wait for its images.
			const roomOfKey = new Map<string, string>()
			const send = async (row: Plan['properties'][number]['rows'][number]) => {
				try {
					const photo = { projectId: projectId!, ...row, hasFurniture: false, bulk: true }
					const firstView = row.firstView && (row.firstView.roomId ?? roomOfKey.get(row.firstView.key))
					if (row.firstView && !firstView)
						throw new InputError({}, `the first view of its room (line ${row.firstView.line}) was not imported`)
					const uploaded = await uploadPhoto(api, photo, interrupt.signal)
					roomOfKey.set(row.key, uploaded.room.id)
					if (firstView) uploaded.room = await markSameRoom(api, uploaded.room, firstView, interrupt.signal)
					const sent = await processPhoto(api, photo, uploaded, interrupt.signal)
					if (sent.existing) summary.rowsSkipped++
					else summary.roomsAdded++
					summary.rendersQueued += sent.queued
				} catch (error) {
					if (!(error instanceof InputError || error instanceof ForbiddenError || error instanceof NotFoundError))
						throw error
					summary.failures.push({ line: row.line, reason: error.message })
				}
				onProgress(++done, plan.rowCount)
			}
			await eachLimited(
				property.rows.filter((row) => !row.firstView),
				UPLOADS_AT_ONCE,
				send,
			)
			await eachLimited(
				property.rows.filter((row) => row.firstView),
				UPLOADS_AT_ONCE,
				send,
			)
		}
	} catch (error) {
		throw interrupt.signal.aborted ? interrupt.signal.reason : error
	}
	return summary
}

const INTERRUPTED = 'interrupted: the rows sent so far are kept; run the same import again to send the rest'

const COLUMNS_HELP = `
The CSV has a header line and one row per photo; rows with the same address form one project:
  address        the property address (required)
  client_name    the client's name (optional)
  client_email   the client's e-mail address (optional)
  photo          a path relative to the CSV, or an http(s) URL (required)
  room_type      ${ROOM_TYPES.join(', ')}
                 (optional: guessed from the photo's file name)
  styles         styles to render, separated by ; or spaces (optional: --style is used);
                 also empty, twilight and enhance where the staging provider makes them
  same_room      a name for a room photographed from several angles (optional): rows of one
                 property with the same value (in any letter case) are views of one room, all
                 of one room type; the first is staged first and the others to match it

The whole file is checked first (every bad row is printed with its line number and nothing is
written); a real run can be repeated: rows already imported are skipped, never duplicated.`

export function registerImportCommand(program: Command) {
	example(
		program
			.command('import')
			.summary('bulk import of properties from a CSV')
			.description('bulk import of properties and their photos from a CSV file, renders queued')
			.argument('<file.csv>', 'the CSV file')
			.addOption(agentAs())
			.option('--dry-run', 'check the whole file and say what would happen, write nothing')
			.addOption(
				new Option(
					'--style <style>',
					`style for rows with an empty styles column, repeat for more (${STUDIO_STYLES.join(', ')})`,
				).argParser(collectStyle),
			)
			.option('--json', 'print JSON for scripts')
			.addHelpText('after', COLUMNS_HELP),
		'rendo import tests/fixtures/import/properties.csv --as agent@example.com --style modern --dry-run',
	).action(async (csvPath: string, opts: { as?: string; dryRun?: boolean; style?: string[]; json?: boolean }) => {
		const api = remoteApi(opts.as)
		const input = { csvPath, defaultStyles: opts.style }
		const { planImport, runImport, discardImportPlan } = await import('#core/studio/import-properties.ts')
		const actor = api ? null : await agentActor(opts.as)
		const plan: Plan = actor ? await planImport(actor, input) : await planOverApi(api!, input)
		try {
			const toAdd = plan.properties.flatMap((p) => p.rows)
			const overview = {
				rows: plan.rowCount,
				properties: plan.properties.map((p) => ({
					address: p.address,
					newProject: !p.projectId,
					roomsToAdd: p.rows.length,
					views: viewsOf(p.rows),
				})),
				roomsToAdd: toAdd.length,
				rowsSkipped: plan.skipped,
				rendersToQueue: toAdd.reduce((n, row) => n + row.styles.length * VARIATIONS_PER_STYLE, 0),
				problems: plan.problems,
			}
			if (plan.problems.length) {
				if (opts.json) printJson({ dryRun: !!opts.dryRun, ...overview })
				for (const { line, reason } of plan.problems) console.error(`line ${line}: ${reason}`)
				const bad = plan.problems.length
				throw new InputError({}, `${bad} bad row${bad === 1 ? '' : 's'} in ${csvPath}: nothing was imported`)
			}
			// Twilight of an inside room is imported as asked, once the agent has been told.
			for (const { line, reason } of plan.warnings) console.error(`line ${line}: ${reason}`)
			if (opts.dryRun) {
				if (opts.json) return printJson({ dryRun: true, ...overview })
				printDetails([
					['Rows', plan.rowCount],
					['Projects to create', overview.properties.filter((p) => p.newProject).length],
					['Rooms to add', overview.roomsToAdd],
					['Renders to queue', overview.rendersToQueue],
					['Rows skipped', `${plan.skipped} (already imported)`],
				])
				const views = overview.properties.flatMap((p) => p.views.map((view) => ({ address: p.address, ...view })))
				if (views.length) {
					console.log('\nViews of one room, each staged to match the photo it is a view of:')
					printTable(
						views,
						[
							{ header: 'line', value: (v) => v.line },
							{ header: 'address', value: (v) => v.address },
							{ header: 'photo', value: (v) => v.photo },
							{ header: 'view of', value: (v) => `${v.viewOf.photo} (line ${v.viewOf.line})` },
						],
						'',
					)
				}
				console.log('\nDry run: every row is valid; nothing was written.')
				return
			}

			const bar = createProgress('Importing rows', { quiet: opts.json })
			const onProgress: Progress = (done, total) => bar.update(done, total)
			const summary = actor
				? await runImport(actor, plan as ImportPlan, { onProgress })
				: await importOverApi(api!, plan, onProgress)
			bar.end()
			if (opts.json) printJson({ dryRun: false, rows: plan.rowCount, ...summary })
			else
				printDetails([
					['Projects created', summary.projectsCreated],
					['Rooms added', summary.roomsAdded],
					['Renders queued', summary.rendersQueued],
					['Rows skipped', summary.rowsSkipped],
				])
			if (summary.failures.length) {
				for (const { line, reason } of summary.failures) console.error(`line ${line}: ${reason}`)
				throw new CommandFailed(
					`${summary.failures.length} rows were not imported: run the same file again to retry them`,
				)
			}
		} finally {
			await discardImportPlan(plan)
		}
	})
}
