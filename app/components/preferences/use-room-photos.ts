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

	const drop = (photo: RoomPhoto) => {
		URL.revokeObjectURL(photo.preview)
		live.current.delete(photo.preview)
	}

	const remove = useCallback((id: string) => {
		setPhotos((current) => {
			current.filter((p) => p.id === id).forEach(drop)
			return current.filter((p) => p.id !== id)
		})
	}, [])

	const setRoomType = useCallback((id: string, roomType: PreferenceRoomType) => {
		setPhotos((current) => current.map((p) => (p.id === id ? { ...p, roomType } : p)))
	}, [])

	const reset = useCallback(() => {
		setPhotos((current) => {
			current.forEach(drop)
			return []
		})
	}, [])

	return { photos, add, remove, setRoomType, reset }
}
