import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { expect, test } from 'vitest'
import { routeFolders } from '../scripts/route-folders.ts'

type ConfigRoute = { id: string; path?: string; index?: boolean; parentId?: string }

// The spec's URLs, listed from the route files before they were grouped into area folders. Moving a
// route file must not change what anyone can reach; adding or removing a URL is a decision, made here.
const expected = path.join(import.meta.dirname, 'route-urls.txt')

function urls(manifest: Record<string, ConfigRoute>) {
	const fullPath = (route: ConfigRoute) => {
		const segments: string[] = []
		for (let r: ConfigRoute | undefined = route; r; r = r.parentId ? manifest[r.parentId] : undefined)
			if (r.path) segments.unshift(r.path)
		return `/${segments.join('/')}${route.index ? ' (index)' : ''}`
	}
	return Object.values(manifest).map(fullPath).sort()
}

test('the route folders serve exactly the URLs listed in route-urls.txt', async () => {
	const manifest = routeFolders(defineRoutes)
	const listed = (await readFile(expected, 'utf8')).trim().split('\n')
	expect(urls(manifest)).toEqual(listed)
})
