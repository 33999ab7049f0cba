import type { Command } from 'commander'
import { InputError } from '#core/errors.ts'

type Cell = string | number | boolean | null | undefined

export interface Column<T> {
	header: string
	value: (row: T) => Cell
}

const text = (cell: Cell) => (cell === null || cell === undefined || cell === '' ? '-' : String(cell))

/** A plain table for people: a header row, columns padded to their widest cell, no borders. */
export function printTable<T>(rows: T[], columns: Column<T>[], empty: string) {
	if (!rows.length) {
		console.log(empty)
		return
	}
	const cells = rows.map((row) => columns.map((c) => text(c.value(row))))
	const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)))
	const line = (values: string[]) =>
		values
			.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i])))
			.join('  ')
			.trimEnd()
	console.log(line(columns.map((c) => c.header.toUpperCase())))
	for (const row of cells) console.log(line(row))
}

/** Label: value lines, labels aligned. */
export function printDetails(pairs: Array<[string, Cell]>) {
	const width = Math.max(...pairs.map(([label]) => label.length)) + 1
	for (const [label, value] of pairs) console.log(`${`${label}:`.padEnd(width)} ${text(value)}`)
}

export function printJson(value: unknown) {
	console.log(JSON.stringify(value, null, 2))
}

export const formatDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : null)

export function formatBytes(bytes: number) {
	if (bytes < 1024) return `${bytes} B`
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Adds the "Example:" section every command's --help ends with. */
export function example(command: Command, ...lines: string[]) {
	return command.addHelpText(
		'after',
		`\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${l}`).join('\n')}`,
	)
}

const BAR_WIDTH = 28

/**
 * A progress bar on standard error, so standard output stays the command's answer. On a
 * terminal it redraws one line; in a log or a pipe it writes a line when the count changes, at
 * most once a second, and always the last one. `--json` runs pass quiet: nothing at all.
 */
export function createProgress(label: string, { quiet = false } = {}) {
	const tty = process.stderr.isTTY
	let lastLine = ''
	let lastWrite = 0
	let finished = false
	return {
		update(done: number, total: number, note = '') {
			if (quiet || finished) return
			const ratio = total ? Math.min(1, done / total) : 1
			const filled = Math.round(ratio * BAR_WIDTH)
			const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total}${note ? ` ${note}` : ''}`
			if (line === lastLine) return
			const last = done >= total
			if (tty) process.stderr.write(`\r\x1b[2K${line}`)
			else if (last || Date.now() - lastWrite >= 1000) {
				process.stderr.write(`${line}\n`)
				lastWrite = Date.now()
			} else return
			lastLine = line
		},
		/** Ends the bar's line on a terminal, so what follows starts on its own line. */
		end() {
			if (quiet || finished) return
			finished = true
			if (tty && lastLine) process.stderr.write('\n')
		},
	}
}

/** An operation that ran but did not succeed (a render failed, a row could not be stored): exit 1. */
export class CommandFailed extends Error {
	name = 'CommandFailed'
}

/** Names a core service's field errors after the options they came from (propertyAddress → --address). */
export function optionErrors(names: Record<string, string>) {
	return (error: unknown): never => {
		if (!(error instanceof InputError)) throw error
		const fields = Object.entries(error.fieldErrors).map(([field, messages]) => [names[field] ?? field, messages])
		throw new InputError(Object.fromEntries(fields), error.message)
	}
}
