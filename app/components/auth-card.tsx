import type { ReactNode } from 'react'

/** The centred card the sign-in and sign-up pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
	return (
		<div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
			<div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
				<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
				{subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
				<div className="mt-6">{children}</div>
			</div>
		</div>
	)
}
