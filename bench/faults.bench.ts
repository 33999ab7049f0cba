/**
 * `npm run bench -- faults`: each fault of bench/faults/ done to real parts (a PostgreSQL server,
 * s3rver, the vendor's model, an SMTP server, a small tmpfs), one after the other, one row each.
 * `FAULTS=postgres,smtp` runs only those whose name contains one of the words.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Fault, type FaultRow, meetsTargets } from './faults/fault-row.ts'

const dir = path.join(import.meta.dirname, 'faults')
const wanted = process.env.FAULTS?.split(',').filter(Boolean)
const faults: Fault[] = []
for (const file of fs.readdirSync(dir).sort()) {
	if (!file.endsWith('.fault.ts')) continue
	const { fault } = (await import(path.join(dir, file))) as { fault: Fault }
	if (!wanted || wanted.some((word) => fault.name.includes(word))) faults.push(fault)
}

const rows: FaultRow[] = []
for (const fault of faults) {
	console.log(`running: ${fault.name}`)
	rows.push(await fault.run())
}

const cell = (value: number | null, digits = 1) => (value === null ? '–' : value.toFixed(digits))
console.log(
	'\n| fault | how long | renders lost | paid twice | vendor calls during (per s per process) | s to first delivery after | peak RSS | targets |',
)
console.log('|---|---|---|---|---|---|---|---|')
for (const row of rows) {
	const calls = row.vendorCallsDuring
		? `${row.vendorCallsDuring.calls} (${row.vendorCallsDuring.perSecondPerProcess.toFixed(2)})`
		: '–'
	console.log(
		`| ${row.fault} | ${cell(row.durationS, 0)} s | ${row.lost} | ${row.paidTwice} | ${calls} | ${cell(row.recoveryS)} | ${row.peakRssMb.toFixed(0)} MB | ${meetsTargets(row) ? 'met' : 'NOT met'} |`,
	)
}
for (const row of rows) if (row.notes) console.log(`- ${row.fault}: ${row.notes}`)
process.exit(rows.every(meetsTargets) ? 0 : 1)
