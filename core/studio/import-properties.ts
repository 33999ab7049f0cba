import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CsvError, parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { propertyStudioProjects, propertyStudioRooms, type PropertyStudioProject } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedProject } from './access.ts'
import { knownImports } from './import-keys.ts'
import { removeOriginal, storeOriginal } from './original-image.ts'
import { downloadPhoto, photoFileProblem, PHOTO_PROBLEMS } from './photo-file.ts'
import { queueGeneration } from './process-room.ts'
import { renderOptionsOf, twilightIndoors, unavailableReason, type RenderOptions } from './render-options.ts'
import { roomTypeLabel } from './labels.ts'
import { guessRoomType } from './room-type-guess.ts'
import {
	CreateProjectSchema,
	MAX_KNOWN_KEYS,
	ROOM_TYPES,
	STUDIO_STYLES,
	TWILIGHT_INDOORS,
	VARIATIONS_PER_STYLE,
	type RoomType,
	type StudioStyle,
} from './studio.schema.ts'

/**
 * Bulk import of properties from a CSV (`rendo import`), one row per photo; rows with the same
 * address form one project. Two steps, so nothing is written until the whole file is known good:
 * planImport reads and checks every row (columns, values, the photos with the web's upload
 * checks) and returns the problems with their line numbers; runImport then stores the photos and
 * writes each property in one transaction with batched inserts. Every row has a stable key (its
 * address and photo), recorded with the room it made, so running the same file again skips what
 * is already there.
 */

export const IMPORT_COLUMNS = [
	'address',
	'client_name',
	'client_email',
	'photo',
	'room_type',
	'styles',
	'same_room',
] as const
type Column = (typeof IMPORT_COLUMNS)[number]
const REQUIRED_COLUMNS: Column[] = ['address', 'photo']

export interface ImportProblem {
	line: number
	reason: string
}

interface PlannedRow {
	line: number
	key: string
	photo: string
	/** local file to store: the CSV's photo, or the downloaded copy of its URL */
	file: string
	roomType: RoomType
	roomName: string
	styles: StudioStyle[]
	/** the same_room column as given (rows of one property with one value are views of one room) */
	sameRoom?: string
	/**
	 * This row is another view of the room of an earlier row (the group's first): marked same room
	 * as it before processing. `roomId` when an earlier run imported that row; `photo` as the CSV
	 * gives it, for a dry run to say which photo this one is another view of.
	 */
	firstView?: { line: number; key: string; photo: string; roomId: string | null }
}

interface PlannedProperty {
	key: string
	address: string
	clientName?: string
	clientEmail?: string
	/** the project an earlier run made for this address */
	projectId: string | null
	/** rows not imported yet */
	rows: PlannedRow[]
}

export interface ImportPlan {
	userId: string
	rowCount: number
	skipped: number
	properties: PlannedProperty[]
	problems: ImportProblem[]
	/** rows imported as asked but worth a word first (twilight of an inside room) */
	warnings: ImportProblem[]
	/** temporary folder of downloaded URL photos; discardImportPlan removes it */
	downloads: string | null
}

/** Nothing written yet; the rows earlier runs imported already counted as skipped. */
export const startSummary = (plan: Pick<ImportPlan, 'skipped'>): ImportSummary => ({
	projectsCreated: 0,
	roomsAdded: 0,
	rendersQueued: 0,
	rowsSkipped: plan.skipped,
	failures: [],
})

export interface ImportSummary {
	projectsCreated: number
	roomsAdded: number
	rendersQueued: number
	rowsSkipped: number
	failures: ImportProblem[]
}

const StylesSchema = z.array(
	z.enum(STUDIO_STYLES, { errorMap: () => ({ message: `Styles are ${STUDIO_STYLES.join(', ')}` }) }),
)
const checkFiles = createLimiter(8)
const fetchUrls = createLimiter(4)

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40)
const normalAddress = (address: string) => address.trim().replace(/\s+/g, ' ').toLowerCase()
const isUrl = (photo: string) => /^https?:\/\//i.test(photo)

function readCsv(text: string) {
	try {
		return parse(text, {
			bom: true,
			info: true,
			relax_column_count: true,
			skip_empty_lines: true,
			trim: true,
		}) as Array<{
			record: string[]
			info: { lines: number }
		}>
	} catch (error) {
		if (error instanceof CsvError) throw new InputError({ csv: [error.message] })
		throw error
	}
}

function readHeader(fields: string[]) {
	const header = fields.map((f) => f.trim().toLowerCase())
	const unknown = header.filter((h) => !(IMPORT_COLUMNS as readonly string[]).includes(h))
	if (unknown.length)
		throw new InputError({
			csv: [`unknown column ${unknown.map((u) => `"${u}"`).join(', ')}: the columns are ${IMPORT_COLUMNS.join(', ')}`],
		})
	const twice = header.filter((h, i) => header.indexOf(h) !== i)
	if (twice.length) throw new InputError({ csv: [`column ${twice.map((t) => `"${t}"`).join(', ')} appears twice`] })
	const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c))
	if (missing.length)
		throw new InputError({
			csv: [`missing column ${missing.map((m) => `"${m}"`).join(', ')}: the columns are ${IMPORT_COLUMNS.join(', ')}`],
		})
	return header as Column[]
}

function parseStyles(value: string): { styles: StudioStyle[] } | { problem: string } {
	const names = value
		.toLowerCase()
		.split(/[\s,;|]+/)
		.filter(Boolean)
	const unknown = names.filter((n) => !(STUDIO_STYLES as readonly string[]).includes(n))
	if (unknown.length)
		return { problem: `styles: ${unknown.map((u) => `"${u}"`).join(', ')} is not one of ${STUDIO_STYLES.join(', ')}` }
	return { styles: [...new Set(names)] as StudioStyle[] }
}

const PROJECT_FIELD_COLUMNS: Record<string, Column> = {
	propertyAddress: 'address',
	clientName: 'client_name',
	clientEmail: 'client_email',
}

/** Every reason a line is refused, gathered so the agent fixes the whole file in one go. */
class Problems {
	#byLine = new Map<number, string[]>()
	add(line: number, reason: string) {
		this.#byLine.set(line, [...(this.#byLine.get(line) ?? []), reason])
	}
	list(): ImportProblem[] {
		return [...this.#byLine.entries()]
			.sort(([a], [b]) => a - b)
			.map(([line, reasons]) => ({ line, reason: reasons.join('; ') }))
	}
}

type CsvRecord = ReturnType<typeof readCsv>[number]

/** A property while the file is read: every row it has, and where its client fields were first given. */
type GatheredProperty = PlannedProperty & {
	byKey: Map<string, number>
	allRows: PlannedRow[]
	givenAt: Partial<Record<'clientName' | 'clientEmail', number>>
}

async function readImportFile(csvPath: string) {
	let text: string
	try {
		text = await fs.promises.readFile(csvPath, 'utf8')
	} catch {
		throw new InputError({ csv: [`cannot read ${csvPath}`] })
	}
	const [head, ...records] = readCsv(text)
	if (!head) throw new InputError({ csv: ['the file is empty: the first line names the columns'] })
	return { header: readHeader(head.record), records, baseDir: path.dirname(path.resolve(csvPath)) }
}

/** Groups the rows by address (normalised), checking each value; rows with problems make no room. */
function gatherProperties(
	{ header, records, baseDir }: Awaited<ReturnType<typeof readImportFile>>,
	defaultStyles: StudioStyle[],
	{
		problems,
		warnings,
		renderOptions,
	}: { problems: Problems; warnings: Problems; renderOptions: Pick<RenderOptions, 'unavailable'> },
) {
	const properties = new Map<string, GatheredProperty>()
	let rowCount = 0
	for (const { record, info } of records) {
		if (record.every((field) => field === '')) continue
		rowCount++
		gatherRow(record, info, { header, baseDir, defaultStyles, properties, problems, warnings, renderOptions })
	}
	if (rowCount === 0) throw new InputError({ csv: ['the file has no rows under its header'] })
	return { properties, rowCount }
}

function gatherRow(
	record: string[],
	info: CsvRecord['info'],
	context: {
		header: Column[]
		baseDir: string
		defaultStyles: StudioStyle[]
		properties: Map<string, GatheredProperty>
		problems: Problems
		warnings: Problems
		renderOptions: Pick<RenderOptions, 'unavailable'>
	},
) {
	const { header, baseDir, problems } = context
	// info.lines is the record's last line; a quoted field may span several.
	const line = info.lines - record.join('').split('\n').length + 1
	const problem = (reason: string) => problems.add(line, reason)
	if (record.length !== header.length) return problem(`has ${record.length} fields, the header has ${header.length}`)
	const value = (column: Column) => record[header.indexOf(column)] ?? ''
	const project = CreateProjectSchema.safeParse({
		propertyAddress: value('address'),
		clientName: value('client_name'),
		clientEmail: value('client_email'),
	})
	if (!project.success) {
		for (const [field, messages] of Object.entries(project.error.flatten().fieldErrors))
			problem(`${PROJECT_FIELD_COLUMNS[field] ?? field}: ${messages?.join(', ')}`)
		return
	}
	const photo = value('photo')
	const photoIsUsable = photo !== '' && (!isUrl(photo) || URL.canParse(photo))
	if (!photo) problem('photo: a file path or an http(s) URL is required')
	else if (!photoIsUsable) problem(`photo: "${photo}" is not a valid URL`)
	const roomTypeValue = value('room_type').toLowerCase()
	if (roomTypeValue && !(ROOM_TYPES as readonly string[]).includes(roomTypeValue))
		problem(`room_type: "${roomTypeValue}" is not one of ${ROOM_TYPES.join(', ')}`)
	const styles = value('styles') ? parseStyles(value('styles')) : { styles: context.defaultStyles }
	const sameRoom = header.includes('same_room') ? value('same_room') : ''
	if ('problem' in styles) problem(styles.problem)
	else {
		// Emptying and photo edits the provider does not make: processRoom's refusal, before any upload.
		const refused = unavailableReason(context.renderOptions, styles.styles)
		if (refused) problem(refused)
	}

	const address = normalAddress(project.data.propertyAddress)
	const property = propertyFor(context.properties, address, project.data.propertyAddress)
	for (const field of ['clientName', 'clientEmail'] as const) {
		const given = project.data[field]
		if (!given) continue
		if (property[field] === undefined) {
			property[field] = given
			property.givenAt[field] = line
		} else if (property[field] !== given)
			problem(`${PROJECT_FIELD_COLUMNS[field]}: differs from line ${property.givenAt[field]} for the same address`)
	}
	if (!photoIsUsable) return
	const key = `room:${hash(`${address}\n${photo}`)}`
	const earlier = property.byKey.get(key)
	if (earlier) return problem(`photo: listed twice for this address (line ${earlier})`)
	property.byKey.set(key, line)
	const fileName = path.basename(isUrl(photo) ? new URL(photo).pathname : photo)
	const roomType = (roomTypeValue || guessRoomType(fileName)) as RoomType
	if ('styles' in styles && twilightIndoors(styles.styles, roomType)) context.warnings.add(line, TWILIGHT_INDOORS)
	property.allRows.push({
		line,
		key,
		photo,
		file: isUrl(photo) ? '' : path.resolve(baseDir, photo),
		roomType,
		roomName: fileName.replace(/\.[a-z0-9]{1,5}$/i, '') || fileName,
		styles: 'styles' in styles ? styles.styles : [],
		...(sameRoom ? { sameRoom } : {}),
	})
}

function propertyFor(properties: Map<string, GatheredProperty>, address: string, propertyAddress: string) {
	let property = properties.get(address)
	if (!property) {
		property = {
			key: `project:${hash(address)}`,
			address: propertyAddress,
			projectId: null,
			rows: [],
			byKey: new Map(),
			allRows: [],
			givenAt: {},
		}
		properties.set(address, property)
	}
	return property
}

/** What earlier runs imported, of these keys: the local database's answer, or the API's for the CLI over HTTPS. */
export type ImportedKeysLookup = (
	keys: string[],
) => Promise<Array<{ key: string; projectId: string; projectStatus: string; roomId?: string | null }>>

/**
 * Leaves out the rows earlier runs imported (one lookup per MAX_KNOWN_KEYS keys of the file, what the API takes at once) and points
 * each property at the project an earlier run made for it. Returns how many rows were skipped.
 */
async function leaveOutImported(
	lookup: ImportedKeysLookup,
	properties: Iterable<GatheredProperty>,
	problems: Problems,
) {
	const all = [...properties]
	const keys = all.flatMap((p) => [p.key, ...p.byKey.keys()])
	const imported = new Map<string, { projectId: string; projectStatus: string; roomId?: string | null }>()
	for (let i = 0; i < keys.length; i += MAX_KNOWN_KEYS)
		for (const found of await lookup(keys.slice(i, i + MAX_KNOWN_KEYS))) imported.set(found.key, found)

	let skipped = 0
	for (const property of all) {
		const earlierProject = imported.get(property.key)
		property.projectId = earlierProject?.projectId ?? null
		for (const row of property.allRows) {
			if (imported.has(row.key)) {
				skipped++
				continue
			}
			property.rows.push(row)
			if (earlierProject && earlierProject.projectStatus !== 'active')
				problems.add(row.line, 'the project made for this address is complete and closed for changes')
		}
		pointViewsAtFirst(property, imported, problems)
	}
	return skipped
}

/**
 * Views of one room (the same_room column): in each property, the rows with one non-empty value
 * are views of one room, the first of them its first view and the others marked same room as it.
 * They must be of one room type (core checks each pair again when it marks them; here the whole
 * file is refused first, naming the rows). A first view an earlier run imported is pointed at by
 * its room.
 */
function pointViewsAtFirst(
	property: GatheredProperty,
	imported: Map<string, { roomId?: string | null }>,
	problems: Problems,
) {
	const groups = new Map<string, PlannedRow[]>()
	for (const row of property.allRows) {
		if (!row.sameRoom) continue
		const name = row.sameRoom.toLowerCase()
		groups.set(name, [...(groups.get(name) ?? []), row])
	}
	for (const [first, ...views] of groups.values()) {
		const toImport = views.filter((view) => property.rows.includes(view))
		for (const view of views)
			if (view.roomType !== first.roomType)
				problems.add(
					view.line,
					`same_room "${view.sameRoom}": ${view.photo} (${roomTypeLabel(view.roomType)}) is another view of ${first.photo} (${roomTypeLabel(first.roomType)}, line ${first.line}), a different room type: views of one room are of one room type`,
				)
		if (!toImport.length) continue
		const earlier = imported.get(first.key)
		if (earlier && !earlier.roomId)
			for (const view of toImport)
				problems.add(view.line, `same_room: the room of its first view (line ${first.line}) cannot be found`)
		for (const view of toImport)
			view.firstView = { line: first.line, key: first.key, photo: first.photo, roomId: earlier?.roomId ?? null }
	}
}

/**
 * Checks every photo still to import as an upload would be: files in place, URLs fetched to a
 * temporary folder first. Returns that folder (or null when no row is a URL).
 */
async function checkPhotos(rows: PlannedRow[], problems: Problems) {
	const downloads = rows.some((row) => isUrl(row.photo))
		? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rendo-import-'))
		: null
	await Promise.all(
		rows.map((row) =>
			isUrl(row.photo)
				? fetchUrls(async () => {
						const fetched = await downloadPhoto(row.photo, downloads!)
						if ('path' in fetched) row.file = fetched.path
						else problems.add(row.line, `photo ${row.photo}: ${fetched.problem}`)
					})
				: checkFiles(async () => {
						const reason = await photoFileProblem(row.file)
						if (reason) problems.add(row.line, `photo ${row.photo}: ${reason}`)
					}),
		),
	)
	return downloads
}

/**
 * Reads and checks the whole file and looks up what earlier runs imported. Writes nothing (URL
 * photos are fetched to a temporary folder to be checked like files). Every bad row is listed
 * with its line number and all its reasons.
 */
export async function planImport(
	actor: Actor,
	input: { csvPath: string; defaultStyles?: string[] },
): Promise<ImportPlan> {
	const { userId } = requireUser(actor)
	const lookup: ImportedKeysLookup = async (keys) => (await knownImports(actor, { keys })).imported
	return { userId, ...(await checkImportFile({ ...input, renderOptions: renderOptionsOf() }, lookup)) }
}

/**
 * planImport's reading and checking, with what earlier runs imported looked up by `lookup`: the
 * CLI over HTTPS checks the whole file on the agent's machine and asks the server only for the keys
 * and for what its provider makes (`renderOptions`; none given, nothing is refused for it here).
 */
export async function checkImportFile(
	input: { csvPath: string; defaultStyles?: string[]; renderOptions?: Pick<RenderOptions, 'unavailable'> },
	lookup: ImportedKeysLookup,
): Promise<Omit<ImportPlan, 'userId'>> {
	const defaultStyles = parseInput(z.object({ styles: StylesSchema }), { styles: input.defaultStyles ?? [] }).styles
	const renderOptions = input.renderOptions ?? { unavailable: {} }
	// --style asked for something the provider does not make: one line, whatever the rows say.
	const refused = unavailableReason(renderOptions, defaultStyles)
	if (refused) throw new InputError({ styles: [refused] }, refused)
	const file = await readImportFile(input.csvPath)
	const problems = new Problems()
	const warnings = new Problems()
	const { properties, rowCount } = gatherProperties(file, defaultStyles, { problems, warnings, renderOptions })
	const skipped = await leaveOutImported(lookup, properties.values(), problems)
	const toImport = [...properties.values()].filter((p) => p.rows.length)
	const downloads = await checkPhotos(
		toImport.flatMap((p) => p.rows),
		problems,
	)
	return {
		rowCount,
		skipped,
		properties: toImport.map(({ key, address, clientName, clientEmail, projectId, rows }) => ({
			key,
			address,
			clientName,
			clientEmail,
			projectId,
			rows,
		})),
		problems: problems.list(),
		// Said of the rows this run imports, not of those an earlier run did.
		warnings: warnings.list().filter(({ line }) => toImport.some((p) => p.rows.some((row) => row.line === line))),
		downloads,
	}
}

export async function discardImportPlan(plan: Pick<ImportPlan, 'downloads'>) {
	if (plan.downloads) await fs.promises.rm(plan.downloads, { recursive: true, force: true })
}

function uniqueViolation(error: unknown) {
	for (let e = error; e; e = (e as { cause?: unknown }).cause)
		if ((e as { code?: string }).code === '23505') return true
	return false
}

/**
 * Writes a checked plan: per property, the photos are stored first (upright, without metadata,
 * one at a time like web uploads), then one transaction finds or makes the project and inserts
 * its rooms, their keys and their render slots in batches, queueing the renders behind
 * interactive work. A property that fails is rolled back and its stored photos removed; its rows
 * are reported and a rerun retries them.
 */
export async function runImport(
	actor: Actor,
	plan: ImportPlan,
	{ onProgress }: { onProgress?: (rowsDone: number, rowCount: number) => void } = {},
): Promise<ImportSummary> {
	const { userId } = requireUser(actor)
	if (userId !== plan.userId) throw new ForbiddenError()
	if (plan.problems.length) throw new InputError({ csv: ['the file has bad rows: fix them and run the import again'] })
	const summary = startSummary(plan)
	let done = plan.skipped
	onProgress?.(done, plan.rowCount)

	for (const property of plan.properties) {
		const stored: Array<{ row: PlannedRow; roomId: string; original: string; width: number; height: number }> = []
		for (const row of property.rows) {
			const roomId = randomUUID()
			try {
				const { original, width, height } = await storeOriginal(row.file, roomId)
				stored.push({ row, roomId, original, width, height })
			} catch (error) {
				if (!(error instanceof InputError)) throw error
				summary.failures.push({ line: row.line, reason: `photo ${row.photo}: ${PHOTO_PROBLEMS.notAnImage}` })
			}
			onProgress?.(++done, plan.rowCount)
		}
		// A view whose first view was not stored now (nor by an earlier run) waits for a rerun with it.
		const storedKeys = new Map(stored.map(({ row, roomId }) => [row.key, roomId]))
		const firstViewOf = (row: PlannedRow) =>
			row.firstView && (row.firstView.roomId ?? storedKeys.get(row.firstView.key))
		for (const { row, roomId } of [...stored])
			if (row.firstView && !firstViewOf(row)) {
				stored.splice(
					stored.findIndex((s) => s.roomId === roomId),
					1,
				)
				await removeOriginal(roomId)
				summary.failures.push({
					line: row.line,
					reason: `the first view of its room (line ${row.firstView.line}) was not imported`,
				})
			}
		if (!stored.length) continue
		try {
			const written = await db.transaction(async (tx) => {
				let project: PropertyStudioProject
				let created = false
				if (property.projectId) {
					project = await ownedProject(tx, actor, property.projectId, { forUpdate: true })
					assertOpen(project)
				} else {
					;[project] = await tx
						.insert(propertyStudioProjects)
						.values({
							userId,
							propertyAddress: property.address,
							clientName: property.clientName,
							clientEmail: property.clientEmail,
						})
						.returning()
					await tx.insert(propertyImportKeys).values({ userId, importKey: property.key, projectId: project.id })
					created = true
				}
				await tx.insert(propertyStudioRooms).values(
					stored.map(({ row, roomId, original, width, height }, i) => ({
						id: roomId,
						projectId: project.id,
						roomType: row.roomType,
						roomName: row.roomName,
						originalImageUrl: original,
						imageWidth: width,
						imageHeight: height,
						selectedStyles: row.styles,
						status: row.styles.length ? 'processing' : 'pending',
						sortOrder: project.totalRooms + i,
						// Inserted before any render is queued, and each first view's before its views'.
						sameRoomAs: firstViewOf(row) ?? null,
					})),
				)
				await tx
					.insert(propertyImportKeys)
					.values(stored.map(({ row, roomId }) => ({ userId, importKey: row.key, projectId: project.id, roomId })))
				await tx
					.update(propertyStudioProjects)
					.set({ totalRooms: sql`${propertyStudioProjects.totalRooms} + ${stored.length}` })
					.where(eq(propertyStudioProjects.id, project.id))
				let queued = 0
				for (const { row, roomId } of stored)
					for (const style of row.styles)
						queued += (
							await queueGeneration(tx, { roomId, style, generationNumber: 1 }, VARIATIONS_PER_STYLE, { bulk: true })
						).length
				return { created, queued }
			})
			if (written.created) summary.projectsCreated++
			summary.roomsAdded += stored.length
			summary.rendersQueued += written.queued
		} catch (error) {
			await Promise.all(stored.map(({ roomId }) => removeOriginal(roomId)))
			const reason =
				error instanceof ForbiddenError || error instanceof NotFoundError
					? error.message
					: uniqueViolation(error)
						? 'imported by another run at the same time'
						: null
			if (!reason) throw error
			summary.failures.push(...stored.map(({ row }) => ({ line: row.line, reason })))
		}
	}
	return summary
}
