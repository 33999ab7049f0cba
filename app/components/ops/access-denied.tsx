import { Link, useNavigate } from '@remix-run/react'
import { ShieldAlert } from 'lucide-react'
import { useEffect } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'

const REDIRECT_AFTER_MS = 3_000

/** Staff screens refuse others with 'Access Denied', then send them to /login (spec 02 §2, §6). */
export function AccessDenied({ what }: { what: string }) {
	const navigate = useNavigate()
	useEffect(() => {
		const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_MS)
		return () => clearTimeout(timer)
	}, [navigate])

	return (
		<div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
			<div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-destructive">
				<ShieldAlert aria-hidden className="size-7" />
			</div>
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Access Denied</h1>
			<p className="text-muted-foreground">{what} Redirecting you to sign in…</p>
			<Link to="/login" className={buttonClasses()}>
				Go to Sign In
			</Link>
		</div>
	)
}
