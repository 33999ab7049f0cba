import type { ReactElement } from 'react'
import type { BrochureContent, BrochureRoom } from './content.ts'
import type { Theme } from './theme.ts'

export interface PageProps {
	content: BrochureContent
	theme: Theme
}

/** A template style draws the three kinds of page; the document puts them in order. */
export interface Template {
	Cover(props: PageProps): ReactElement
	Room(props: PageProps & { room: BrochureRoom; index: number }): ReactElement
	Closing(props: PageProps): ReactElement
}

export const PAGE = { size: 'A4', orientation: 'landscape' } as const
