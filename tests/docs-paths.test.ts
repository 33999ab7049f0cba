import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/**
 * The folders a path named in the documentation may start with: the repository's own. Anything else
 * (`./data/pg`, `build/`, `~/.config/rendo`, `/api/docs`, `DATA_DIR/tmp`) is a place at run time,
 * not a file of the repository, and is not checked.
 */
const sourceFolders = [
	'.ci',
	'app',
	'bench',
	'bot',
	'cli',
	'core',
	'db',
	'docs',
	'patches',
	'public',
	'scripts',
	'tests',
	'worker',
]
/** A bare file name (`xmp.ts`, `SOURCES.md`) is checked when it names source or documentation. */
const sourceName = /\.(ts|tsx|js|mjs|cjs|md|sql|patch)$/
/** Where a placeholder starts, the rest of the path is not a file name: `core/studio/...`, `{token}`, `<name>`. */
const placeholder = /[<>{}…]|\.\.\./

/** Every file and folder of the repository's source folders, and its root files, relative to the root. */
function repositoryEntries() {
	const files: string[] = []
	const folders = new Set<string>()
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
			const relative = path.posix.join(dir, entry.name)
			if (entry.isDirectory()) {
				folders.add(relative)
				walk(relative)
			} else files.push(relative)
		}
	}
	for (const entry of fs.readdirSync(root, { withFileTypes: true })) if (entry.isFile()) files.push(entry.name)
	for (const folder of sourceFolders) {
		if (!fs.existsSync(path.join(root, folder))) continue
		folders.add(folder)
		walk(folder)
	}
	return { files, folders }
}

const globToRegExp = (glob: string) =>
	new RegExp(`^${glob.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string) {
	const anchors = new Set<string>()
	const seen = new Map<string, number>()
	for (const line of outsideFences(markdown).split('\n')) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
		if (!heading) continue
		const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '')
		const base = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s-]/gu, '')
			.replace(/\s/g, '-')
		const count = seen.get(base) ?? 0
		seen.set(base, count + 1)
		anchors.add(count ? `${base}-${count}` : base)
	}
	return anchors
}

/** The text with fenced code blocks blanked (their lines kept, so nothing else moves). */
const outsideFences = (markdown: string) =>
	markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''))

const fencedBlocks = (markdown: string) => [...markdown.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1/gm)].map((m) => m[2])

/**
 * The paths a Markdown file names, each with how it is to be read: in backticks (`core/studio/x.ts`,
 * from the repository's root), as a link's target (`[CLI](docs/cli.md)`, from the file's own folder),
 * or as a word of a code block or of a command in backticks that starts with a source folder.
 */
function namedPaths(markdown: string) {
	const named: Array<{ path: string; from: 'root' | 'file' }> = []
	const text = outsideFences(markdown)
	const sourceWord = new RegExp(
		`(?:^|\\s)((?:\\.\\./)*(?:${sourceFolders.join('|').replace(/\./g, '\\.')})/[^\\s\`'"),;]+)`,
		'g',
	)
	for (const [, , span] of text.matchAll(/(`+)([\s\S]+?)\1(?!`)/g)) {
		const code = span.trim()
		if (!/\s/.test(code)) named.push({ path: code, from: 'root' })
		else for (const [, word] of code.matchAll(sourceWord)) named.push({ path: word, from: 'root' })
	}
	const withoutCode = text.replace(/(`+)[\s\S]+?\1(?!`)/g, '')
	for (const [, target] of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
		named.push({ path: target, from: 'file' })
	for (const block of fencedBlocks(markdown))
		for (const [, word] of block.matchAll(sourceWord)) named.push({ path: word, from: 'root' })
	return named
}

/** What is wrong with the paths a documentation file names: each a sentence, empty when all exist. */
function brokenPaths(file: string, markdown: string, repository = repositoryEntries()) {
	const problems: string[] = []
	const { files, folders } = repository
	const fileSet = new Set(files)
	const exists = (relative: string) => {
		const clean = relative.replace(/\/$/, '')
		if (!clean.includes('*')) return fileSet.has(clean) || folders.has(clean)
		const pattern = globToRegExp(clean)
		return files.some((f) => pattern.test(f)) || [...folders].some((f) => pattern.test(f))
	}
	for (const named of namedPaths(markdown)) {
		let target = named.path.replace(/[.,;:]+$/, '')
		if (/^[a-z][a-z+.-]*:/i.test(target)) continue // https:, mailto:
		const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined]
		target = pathPart.replace(/:\d+(-\d+)?$/, '') // a line number
		if (named.from === 'file') {
			if (target === '') {
				if (anchor && !headingAnchors(markdown).has(anchor)) problems.push(`#${anchor}: no such heading in ${file}`)
				continue
			}
			const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
			if (resolved.startsWith('../')) {
				problems.push(`${named.path}: outside the repository`)
				continue
			}
			if (!exists(resolved)) problems.push(`${named.path}: no such file (${resolved})`)
			else if (anchor && resolved.endsWith('.md')) {
				const anchors = headingAnchors(fs.readFileSync(path.join(root, resolved), 'utf8'))
				if (!anchors.has(anchor)) problems.push(`${named.path}: no such heading in ${resolved}`)
			}
			continue
		}
		target = target.replace(/^\.\//, '')
		if (target.startsWith('../')) {
			problems.push(`${named.path}: outside the repository`)
			continue
		}
		const cut = target.split('/').findIndex((segment) => placeholder.test(segment))
		const checked = cut === -1 ? target : target.split('/').slice(0, cut).join('/')
		if (checked.includes('/') || sourceFolders.includes(checked)) {
			if (!sourceFolders.includes(checked.split('/')[0])) continue
			if (!exists(checked)) problems.push(`${named.path}: no such file or folder`)
		} else if (cut === -1 && sourceName.test(checked) && /^[\w.*@+$-]+$/.test(checked)) {
			const pattern = globToRegExp(checked)
			if (!files.some((f) => pattern.test(path.posix.basename(f)))) problems.push(`${named.path}: no file of that name`)
		}
	}
	return problems
}

const documentation = [
	'README.md',
	...(fs.existsSync(path.join(root, 'docs'))
		? fs
				.readdirSync(path.join(root, 'docs'))
				.filter((f) => f.endsWith('.md'))
				.map((f) => `docs/${f}`)
		: []),
]

describe('every path the documentation names exists in the repository', () => {
	const repository = repositoryEntries()
	test.each(documentation)('%s', (file) => {
		expect(brokenPaths(file, fs.readFileSync(path.join(root, file), 'utf8'), repository)).toEqual([])
	})
})

test('the check finds a gone file, a folder outside the repository and a dead link', () => {
	const markdown = [
		'# Notes',
		'See `../shared/ARCHITECTURE.md`, `core/studio/disclosure-label.ts` and `gone-module.ts`;',
		'`core/disclosure/label-layer.ts`, `core/staging/room-check/`, `*.no-js.spec.ts`, `./data/pg`,',
		'`/api/docs`, `core/studio/...` and `app/routes/_studio+/` are fine, as is [the notes](#notes).',
		'[Gone](docs/gone.md), [out](../shared/STACK.md), [missing](#nowhere).',
		'```sh',
		'npx rendo import tests/fixtures/import/gone.csv --as you@agency.example',
		'```',
	].join('\n')
	expect(brokenPaths('README.md', markdown)).toEqual([
		'../shared/ARCHITECTURE.md: outside the repository',
		'core/studio/disclosure-label.ts: no such file or folder',
		'gone-module.ts: no file of that name',
		'docs/gone.md: no such file (docs/gone.md)',
		'../shared/STACK.md: outside the repository',
		'#nowhere: no such heading in README.md',
		'tests/fixtures/import/gone.csv: no such file or folder',
	])
})
