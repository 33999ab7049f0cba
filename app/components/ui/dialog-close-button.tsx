import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'

/** The × in a dialog's top corner: a 44px target, pulled into the padding so it lines up with the title. */
export function DialogCloseButton() {
	return (
		<Dialog.Close
			aria-label="Close"
			className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-muted"
		>
			<X aria-hidden className="size-5" />
		</Dialog.Close>
	)
}
