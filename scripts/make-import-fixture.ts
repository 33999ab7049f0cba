/**
 * Writes the sample bulk import in tests/fixtures/import/: a CSV of 3 properties and 7 photos
 * (synthetic rooms drawn by tests/fixtures/room-photo.ts, nothing downloaded), used by the CLI
 * tests and by the README's example. Run after changing the sample:
 *
 *   node --import tsx scripts/make-import-fixture.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { csvLine, IMPORT_HEADER, writeRoomPhoto } from '#tests/fixtures/import-csv.ts'

const dir = path.resolve(import.meta.dirname, '../tests/fixtures/import')

// address, client name, client e-mail, photo, room type (blank: guessed), styles (blank: --style)
const ROWS = [
	[
		'12 Acacia Avenue, Leeds LS6 2AB',
		'Jo Bloggs',
		'jo.bloggs@example.com',
		'photos/12-acacia-avenue/kitchen.jpg',
		'',
		'modern;luxury',
	],
	[
		'12 Acacia Avenue, Leeds LS6 2AB',
		'Jo Bloggs',
		'jo.bloggs@example.com',
		'photos/12-acacia-avenue/living-room.jpg',
		'',
		'',
	],
	['12 Acacia Avenue, Leeds LS6 2AB', '', '', 'photos/12-acacia-avenue/master-suite.jpg', 'bedroom', 'scandinavian'],
	['4 Harbour View, Whitby YO21 3PU', 'Sam Patel', '', 'photos/4-harbour-view/lounge.jpg', '', 'coastal'],
	['4 Harbour View, Whitby YO21 3PU', 'Sam Patel', '', 'photos/4-harbour-view/bathroom.jpg', '', ''],
	['7 Mill Lane, York YO1 7HH', '', '', 'photos/7-mill-lane/kitchen-diner.jpg', '', ''],
	['7 Mill Lane, York YO1 7HH', '', '', 'photos/7-mill-lane/study.jpg', 'office', 'industrial'],
]

for (const [i, row] of ROWS.entries()) await writeRoomPhoto(path.join(dir, row[3]), { seed: i + 1 })
fs.writeFileSync(path.join(dir, 'properties.csv'), `${[IMPORT_HEADER, ...ROWS].map(csvLine).join('\n')}\n`)
for (const file of ['properties.csv', ...ROWS.map((r) => r[3])])
	console.log(`${file}  ${fs.statSync(path.join(dir, file)).size} bytes`)
