import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { RenderError, StagingRequest } from '#core/render/provider.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { unknownRequestsFail } from '#tests/mocks/unknown-requests.ts'

/**
 * An adapter's contract test file against an msw model of its vendor: the model serves the whole
 * file, unknown requests are errors, and each test starts from a fresh model and no overrides.
 */
export function serveVendorModel(model: { handlers: RequestHandler[]; reset(): void }) {
	const server = setupServer(...model.handlers)
	beforeAll(() => server.listen({ onUnhandledRequest: unknownRequestsFail }))
	afterEach(() => {
		model.reset()
		server.resetHandlers()
	})
	afterAll(() => server.close())
	return server
}

/**
 * A room photo of the given size, made once for the file, and a builder of requests to stage it
 * (defaults: a bedroom, Scandinavian, three variations).
 */
export function stagingRequests({ width, height }: { width: number; height: number }) {
	let photo: Buffer
	beforeAll(async () => {
		photo = await makeRoomPhoto({ width, height })
	})
	return {
		photo: () => photo,
		request: (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
			image: photo,
			width,
			height,
			roomType: 'bedroom',
			style: 'scandinavian',
			removeFurniture: false,
			count: 3,
			firstIndex: 0,
			...overrides,
		}),
	}
}

/** The error a call must fail with (the test fails if it succeeds). */
export const failure = (promise: Promise<unknown>) =>
	promise.then(
		() => expect.unreachable('it should fail'),
		(error: unknown) => error as RenderError,
	)
