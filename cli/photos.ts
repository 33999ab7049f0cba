import fs from 'node:fs'
import path from 'node:path'
import { InputError } from '#core/errors.ts'
import { createLimiter } from '#core/platform/limiter.ts'

// Pictures a folder may hold. Formats the studio refuses (HEIC, GIF...) are picked up too, so
// the command names them instead of leaving them out without a word.
const PICTURE = /\.(jpe?g|png|webp|heic|heif|avif|gif|tiff?|bmp)$/i
const checks = createLimiter(8)

async function expand(arg: string): Promise<{ files: string[]; problem?: string }> {
	const stat = await fs.promises.stat(arg).catch(() => null)
	if (!stat) return { files: [], problem: 'no such file or folder' }
	if (!stat.isDirectory()) return { files: [arg] }
	const entries = (await fs.promises.readdir(arg, { withFileTypes: true }))
		.filter((e) => e.isFile() && !e.name.startsWith('.') && PICTURE.test(e.name))
		.map((e) => path.join(arg, e.name))
		.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
	return entries.length ? { files: entries } : { files: [], problem: 'a folder with no photos in it' }
}

/**
 * The photos named on the command line (folders give their pictures, in name order), each
 * checked like a web upload. Any problem stops the command before anything is uploaded, naming
 * every bad photo and why.
 */
export async function collectPhotos(args: string[]) {
	const problems: Record<string, string[]> = {}
	const files: string[] = []
	for (const arg of args) {
		const { files: found, problem } = await expand(arg)
		if (problem) problems[`photo ${arg}`] = [problem]
		for (const file of found) if (!files.includes(file)) files.push(file)
	}
	// Loaded here: the image decoder (and what it brings) is ~0.2 s of start-up the other commands never need.
	const { photoFileProblem } = await import('#core/studio/photo-file.ts')
	const found = await Promise.all(files.map((file) => checks(() => photoFileProblem(file))))
	files.forEach((file, i) => {
		if (found[i]) problems[`photo ${file}`] = [found[i]]
	})
	if (Object.keys(problems).length) throw new InputError(problems, 'nothing was uploaded')
	return files
}
