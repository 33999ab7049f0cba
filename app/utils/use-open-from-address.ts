import { useLocation, useNavigate } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'

/**
 * Something that opens from the address (a dialog at ?send=<id>, a confirmation at ?disconnect-…),
 * so its opener can be a plain link that works without JavaScript. With JavaScript the link's
 * click opens it in place and closing it drops the parameter; a click's choice holds until the
 * next navigation (the location's key changes), then the address decides again.
 */
export function useOpenFromAddress(asked: string | null) {
	const { key, pathname } = useLocation()
	const navigate = useNavigate()
	const [clicked, setClicked] = useState<{ value: string | null; at: string } | null>(null)
	return {
		value: clicked?.at === key ? clicked.value : asked,
		closeHref: pathname,
		open: (value: string) => (event: MouseEvent) => {
			event.preventDefault()
			setClicked({ value, at: key })
		},
		close: () => {
			setClicked({ value: null, at: key })
			if (asked !== null) navigate(pathname, { replace: true, preventScrollReset: true })
		},
	}
}
