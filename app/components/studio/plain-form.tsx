import { useHydrated } from 'remix-utils/use-hydrated'
import type { WorkflowStep } from './workflow-steps.ts'

/**
 * Marks a form posted without JavaScript: the action then redirects back to `step` (see
 * project-replies.server.ts). Once the page has hydrated, the same form goes through a fetcher,
 * which stays on the page and reads the answer instead.
 */
export function PlainFormReturn({ step }: { step: WorkflowStep }) {
	const hydrated = useHydrated()
	return hydrated ? null : <input type="hidden" name="next" value={step} />
}
