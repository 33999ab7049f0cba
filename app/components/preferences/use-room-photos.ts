import { useCallback, useEffect, useRef, useState } from 'react'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import type { PreferenceRoomType } from '#core/preferences/preferences.schema.ts'

export type RoomPhoto = { id: string; file: File; preview: string; roomType: PreferenceRoomType }

let lastId = 0

/** The photos picked for a form, each with a preview and a room type guessed from its name (changeable). */
export function useRoomPhotos() {
	const [photos, setPhotos] = useState<RoomPhoto[]>([])
	// Object URLs hold the file in memory until revoked: revoke on removal and when the page goes.
	const live = useRef(new Set<string>())
	useEffect(() => {
		const urls = live.current
		return () => urls.forEach((url) => URL.revokeObjectURL(url))
	}, [])

	const add = useCallback((files: File[]) => {
		const added = files.map((file) => {
			const preview = URL.createObjectURL(file)
			live.current.add(preview)
			return { id: `photo-${++lastId}`, file, preview, roomType: guessRoomType(file.name) }
		})
		setPhotos((current) => [...current, ...added])
	}, [])

	const remove = useCallback((id: string) => {
		setPhotos((current) => {
			for (const photo of current.filter((p) => p.id === id)) {
				URL.revokeObjectURL(photo.preview)
				live.current.delete(photo.preview)
			}
			return current.filter((p) => p.id !== id)
		})
	}, [])

	const setRoomType = useCallback((id: string, roomType: PreferenceRoomType) => {
		setPhotos((current) => current.map((p) => (p.id === id ? { ...p, roomType } : p)))
	}, [])

	return { photos, add, remove, setRoomType }
}
