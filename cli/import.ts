import { Option, type Command } from 'commander'
import { InputError } from '#core/errors.ts'
import { ROOM_TYPES, STUDIO_STYLES, VARIATIONS_PER_STYLE } from '#core/studio/studio.schema.ts'
import { actorAs, asOption } from './actor.ts'
import { CommandFailed, createProgress, example, printDetails, printJson } from './output.ts'
import { collectStyle } from './submit.ts'

const COLUMNS_HELP = `
The CSV has a header line and one row per photo; rows with the same address form one project:
  address        the property address (required)
  client_name    the client's name (optional)
  client_email   the client's e-mail address (optional)
  photo          a path relative to the CSV, or an http(s) URL (required)
  room_type      ${ROOM_TYPES.join(', ')}
                 (optional: guessed from the photo's file name)
  styles         styles to render, separated by ; or spaces (optional: --style is used)

The whole file is checked first (every bad row is printed with its line number and nothing is
written); a real run can be repeated: rows already imported are skipped, never duplicated.`

export function registerImportCommand(program: Command) {
	example(
		program
			.command('import')
			.summary('bulk import of properties from a CSV')
			.description('bulk import of properties and their photos from a CSV file, renders queued')
			.argument('<file.csv>', 'the CSV file')
			.addOption(asOption("the agent's e-mail address: the projects are theirs").makeOptionMandatory())
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
	).action(async (csvPath: string, opts: { as: string; dryRun?: boolean; style?: string[]; json?: boolean }) => {
		const actor = await actorAs(opts.as)
		const { planImport, runImport, discardImportPlan } = await import('#core/studio/import-properties.ts')
		const plan = await planImport(actor, { csvPath, defaultStyles: opts.style })
		try {
			const toAdd = plan.properties.flatMap((p) => p.rows)
			const overview = {
				rows: plan.rowCount,
				properties: plan.properties.map((p) => ({
					address: p.address,
					newProject: !p.projectId,
					roomsToAdd: p.rows.length,
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
			if (opts.dryRun) {
				if (opts.json) return printJson({ dryRun: true, ...overview })
				printDetails([
					['Rows', plan.rowCount],
					['Projects to create', overview.properties.filter((p) => p.newProject).length],
					['Rooms to add', overview.roomsToAdd],
					['Renders to queue', overview.rendersToQueue],
					['Rows skipped', `${plan.skipped} (already imported)`],
				])
				console.log('\nDry run: every row is valid; nothing was written.')
				return
			}

			const bar = createProgress('Importing rows', { quiet: opts.json })
			const summary = await runImport(actor, plan, { onProgress: (done, total) => bar.update(done, total) })
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
