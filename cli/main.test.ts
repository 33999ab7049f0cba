import { spawn } from 'node:child_process'
import { expect, test } from 'vitest'
import type { Command } from 'commander'
import { createProgram } from '#cli/program.ts'
import { rendo } from '#tests/cli.ts'

test('rendo --help lists the command groups and the exit codes', async () => {
	const result = await rendo(['--help'])
	expect(result.code).toBe(0)
	for (const group of ['users', 'projects', 'submit', 'status', 'download', 'import', 'tickets', 'worker', 'db'])
		expect(result.stdout).toMatch(new RegExp(`^  ${group}\\b`, 'm'))
	expect(result.stdout).toContain('Exit codes: 0 done, 1 the operation failed, 2 bad usage or input.')
}, 30_000)

/** Every command of the tree, groups included, as its words after `rendo`. */
function allCommands(command: Command, words: string[] = []): Array<{ words: string[]; command: Command }> {
	return command.commands
		.filter((c) => c.name() !== 'help')
		.flatMap((c) => [{ words: [...words, c.name()], command: c }, ...allCommands(c, [...words, c.name()])])
}

function helpOf(command: Command) {
	let text = ''
	command.configureOutput({ writeOut: (s) => (text += s) })
	command.outputHelp()
	return text
}

test('every command has --help with an example', async () => {
	const commands = allCommands(createProgram())
	expect(commands.length).toBeGreaterThan(20)
	for (const { words, command } of commands)
		expect(helpOf(command), words.join(' ')).toMatch(/\nExamples?:\n {2}\$ (\S+=\S+ )?(JOBS=off npm start & )?rendo /)

	// and the binary prints the same help
	const submit = await rendo(['submit', '--help'])
	expect(submit.code).toBe(0)
	expect(submit.stdout).toContain(
		'Examples:\n  $ rendo submit 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55 photos/ --style modern --style luxury --wait',
	)
}, 30_000)

test('bad usage exits with code 2 and says what is wrong on standard error', async () => {
	const unknownCommand = await rendo(['frobnicate'])
	expect(unknownCommand.code).toBe(2)
	expect(unknownCommand.stderr).toContain("error: unknown command 'frobnicate'")
	expect(unknownCommand.stdout).toBe('')

	const unknownOption = await rendo(['projects', 'list', '--as', 'a@b.example', '--colour'])
	expect(unknownOption.code).toBe(2)
	expect(unknownOption.stderr).toContain("error: unknown option '--colour'")

	const missingOption = await rendo(['projects', 'list'])
	expect(missingOption.code).toBe(2)
	expect(missingOption.stderr).toContain(
		"rendo: --as: name the agent's account on the local database, or log in to a server with rendo login",
	)

	const badStyle = await rendo(['submit', '00000000-0000-4000-8000-000000000000', 'x.jpg', '--style', 'baroque'])
	expect(badStyle.code).toBe(2)
	expect(badStyle.stderr).toContain(
		"error: option '--style <style>' argument 'baroque' is invalid. Styles are modern, luxury",
	)

	const noGroupCommand = await rendo(['tickets'])
	expect(noGroupCommand.code).toBe(2)
}, 60_000)

test('db migrate applies the migrations and says so', async () => {
	const result = await rendo(['db', 'migrate'])
	expect(result.code).toBe(0)
	expect(result.stdout.trim()).toBe('Database is up to date (DATABASE_URL)')
}, 30_000)

test('worker runs until Ctrl-C, then stops cleanly with exit code 0', async () => {
	const child = spawn(process.execPath, ['cli/bin.js', 'worker'], { env: { ...process.env, LOG_LEVEL: 'silent' } })
	let stdout = ''
	child.stdout.on('data', (d) => (stdout += d))
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', () => stdout.includes('Rendo worker is running') && resolve())
		child.on('exit', (code) => reject(new Error(`worker exited early with ${code}`)))
	})
	let stderr = ''
	child.stderr.on('data', (d) => (stderr += d))
	child.kill('SIGINT')
	const code = await new Promise((resolve) => child.on('exit', resolve))
	expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
}, 30_000)
