import * as ToastPrimitive from '@radix-ui/react-toast'
import { CircleAlert, CircleCheck, Info, X, type LucideIcon } from 'lucide-react'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Toast as ServerToast } from '#app/utils/toast.server.ts'
import { cn } from '#app/utils/cn.ts'

const TOAST_LIMIT = 1
const TOAST_DURATION = 5_000
// The reference app's remove delay: a dismissed toast stays queued (closed) this long before it
// is dropped. With a limit of one, the next toast replaces it long before that.
const TOAST_REMOVE_DELAY = 1_000_000

// Not crypto.randomUUID(): browsers only offer it on https or localhost.
let lastToastId = 0

type ToastVariant = 'default' | 'destructive' | 'success'

export type ToastInput = { title?: string; description: string; variant?: ToastVariant }

type ToastState = ToastInput & { id: string; open: boolean }

const ToastContext = createContext<{ toast: (toast: ToastInput) => void } | null>(null)

/** Shows a toast from the browser, e.g. after a failed fetcher or client-side check. */
export function useToast() {
	const context = useContext(ToastContext)
	if (!context) throw new Error('useToast must be used inside <Toaster>')
	return context
}

const serverVariants: Record<ServerToast['type'], ToastVariant> = {
	message: 'default',
	success: 'success',
	error: 'destructive',
}

const variantStyles: Record<ToastVariant, { className: string; icon: LucideIcon; iconClassName: string }> = {
	default: { className: 'border-gray-200 bg-white text-gray-900', icon: Info, iconClassName: 'text-accent' },
	success: {
		className: 'border-green-200 bg-green-50 text-green-950',
		icon: CircleCheck,
		iconClassName: 'text-green-700',
	},
	destructive: {
		className: 'border-destructive bg-destructive text-white',
		icon: CircleAlert,
		iconClassName: 'text-white',
	},
}

function useToastQueue() {
	const [toasts, setToasts] = useState<ToastState[]>([])
	const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>())

	useEffect(() => {
		const timers = removeTimers.current
		return () => {
			timers.forEach(clearTimeout)
			timers.clear()
		}
	}, [])

	const add = useCallback((input: ToastInput & { id?: string }) => {
		const toast = { ...input, id: input.id ?? `client-${++lastToastId}`, open: true }
		setToasts((current) => [toast, ...current].slice(0, TOAST_LIMIT))
	}, [])

	const dismiss = useCallback((id: string) => {
		setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)))
		if (removeTimers.current.has(id)) return
		const timer = setTimeout(() => {
			removeTimers.current.delete(id)
			setToasts((current) => current.filter((t) => t.id !== id))
		}, TOAST_REMOVE_DELAY)
		removeTimers.current.set(id, timer)
	}, [])

	return { toasts, add, dismiss }
}

/** Flash toasts arrive with the root loader's data: show each id once, even if the data is reused. */
function useServerToast(toast: ServerToast | null, add: (toast: ToastInput & { id: string }) => void) {
	const shown = useRef(new Set<string>())
	useEffect(() => {
		if (!toast || shown.current.has(toast.id)) return
		shown.current.add(toast.id)
		add({ id: toast.id, title: toast.title, description: toast.description, variant: serverVariants[toast.type] })
	}, [toast, add])
}

function ToastItem({ toast, onDismiss }: { toast: ToastState; onDismiss: (id: string) => void }) {
	const style = variantStyles[toast.variant ?? 'default']
	const Icon = style.icon
	return (
		<ToastPrimitive.Root
			open={toast.open}
			onOpenChange={(open) => !open && onDismiss(toast.id)}
			className={cn(
				'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
				'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
				'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
				style.className,
			)}
		>
			<Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', style.iconClassName)} />
			<div className="flex min-w-0 flex-col gap-1">
				{toast.title ? (
					<ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
				) : null}
				<ToastPrimitive.Description className="text-sm opacity-90">{toast.description}</ToastPrimitive.Description>
			</div>
			<ToastPrimitive.Close
				aria-label="Close"
				className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md opacity-70 hover:opacity-100"
			>
				<X aria-hidden className="size-4" />
			</ToastPrimitive.Close>
		</ToastPrimitive.Root>
	)
}

export function Toaster({ toast, children }: { toast: ServerToast | null; children: ReactNode }) {
	const { toasts, add, dismiss } = useToastQueue()
	useServerToast(toast, add)
	const context = useMemo(() => ({ toast: (input: ToastInput) => add(input) }), [add])

	return (
		<ToastContext.Provider value={context}>
			<ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
				{children}
				{toasts.map((t) => (
					<ToastItem key={t.id} toast={t} onDismiss={dismiss} />
				))}
				<ToastPrimitive.Viewport
					hotkey={['F8']}
					label="Notifications ({hotkey})"
					className="pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[420px]"
				/>
			</ToastPrimitive.Provider>
		</ToastContext.Provider>
	)
}
