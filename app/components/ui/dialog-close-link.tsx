import { Link, type LinkProps } from '@remix-run/react'
import { X } from 'lucide-react'
import type { MouseEvent } from 'react'

/**
 * The props of a control that closes a dialog opened from the address (?new, ?send=<id>): without
 * JavaScript it is a link back to `href`; with it, a click just closes the dialog in place.
 */
export function closeLinkProps(href: string, onClose: () => void) {
	return {
		to: href,
		replace: true,
		preventScrollReset: true,
		onClick: (event: MouseEvent) => {
			event.preventDefault()
			onClose()
		},
	} satisfies LinkProps
}

/** The × in the top corner of such a dialog: a 44px target, pulled into the padding to line up with the title. */
export function DialogCloseLink({ href, onClose }: { href: string; onClose: () => void }) {
	return (
		<Link
			{...closeLinkProps(href, onClose)}
			aria-label="Close"
			className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-muted"
		>
			<X aria-hidden className="size-5" />
		</Link>
	)
}
