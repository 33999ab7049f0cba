import { flatRoutes } from 'remix-flat-routes'

type DefineRoutes = Parameters<typeof flatRoutes>[1]

/**
 * The web door's routes, grouped in folders by area (app/routes/_studio+/, api+/, ...). A folder whose
 * name starts with "_" adds nothing to the URL, so grouping never changes an address; files ending
 * in .server or .test beside the routes are helpers and tests, not routes.
 */
export function routeFolders(defineRoutes: DefineRoutes) {
	return flatRoutes('routes', defineRoutes, { ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*'] })
}
