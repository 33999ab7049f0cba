import { useCallback, useRef, useState } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { fetchRooms, fetchVariations, requestRemodel, saveFavorite } from './studio-api.ts'

/**
 * The project's rooms and variations as the workflow sees them: seeded by the loader, refreshed
 * by polling, changed optimistically by hearts and remodels.
 */
export function useStudioProject(projectId: string, initial: { rooms: RoomView[]; variations: VariationView[] }) {
	const { toast } = useToast()
	const [rooms, setRooms] = useState(initial.rooms)
	const [variations, setVariations] = useState(initial.variations)
	// A poll that left before a heart tap or remodel must not undo it when it lands: hearts in
	// flight keep the value the agent chose, and remodel rows stay until the server lists them.
	const favoritesInFlight = useRef(new Map<string, boolean>())
	const remodelsNotYetListed = useRef(new Map<string, VariationView>())

	const refreshRooms = useCallback(async () => {
		setRooms(await fetchRooms(projectId))
	}, [projectId])

	const refreshVariations = useCallback(async () => {
		const fresh = await fetchVariations(projectId)
		for (const v of fresh) remodelsNotYetListed.current.delete(v.id)
		const inFlight = favoritesInFlight.current
		setVariations([
			...fresh.map((v) => (inFlight.has(v.id) ? { ...v, isFavorite: inFlight.get(v.id)! } : v)),
			...remodelsNotYetListed.current.values(),
		])
	}, [projectId])

	const addRooms = useCallback((added: RoomView[]) => {
		setRooms((current) => [...current, ...added.filter((room) => !current.some((r) => r.id === room.id))])
	}, [])

	/** Counts a style as requested before the next poll confirms it, so progress expects it. */
	const markStyleRequested = useCallback((roomId: string, style: string) => {
		setRooms((current) =>
			current.map((room) =>
				room.id === roomId && !room.selectedStyles.includes(style)
					? { ...room, selectedStyles: [...room.selectedStyles, style] }
					: room,
			),
		)
	}, [])

	const setFavoriteLocally = (id: string, isFavorite: boolean) =>
		setVariations((current) => current.map((v) => (v.id === id ? { ...v, isFavorite } : v)))

	const toggleFavorite = useCallback(
		async (variation: Pick<VariationView, 'id' | 'isFavorite'>) => {
			const wanted = !variation.isFavorite
			favoritesInFlight.current.set(variation.id, wanted)
			setFavoriteLocally(variation.id, wanted)
			try {
				await saveFavorite(variation.id, wanted)
			} catch {
				// Only undo if no later tap changed it again meanwhile.
				if (favoritesInFlight.current.get(variation.id) === wanted) setFavoriteLocally(variation.id, !wanted)
				toast({ title: 'Error', description: 'Failed to update favorite status', variant: 'destructive' })
			} finally {
				if (favoritesInFlight.current.get(variation.id) === wanted) favoritesInFlight.current.delete(variation.id)
			}
		},
		[toast],
	)

	const remodel = useCallback(
		async (roomId: string, style: string) => {
			try {
				const variation = await requestRemodel(roomId, style)
				remodelsNotYetListed.current.set(variation.id, variation)
				setVariations((current) => [...current.filter((v) => v.id !== variation.id), variation])
				return variation
			} catch {
				toast({ title: 'Error', description: 'Failed to generate more variations', variant: 'destructive' })
				return null
			}
		},
		[toast],
	)

	return { rooms, variations, refreshRooms, refreshVariations, addRooms, markStyleRequested, toggleFavorite, remodel }
}

export type StudioProject = ReturnType<typeof useStudioProject>
