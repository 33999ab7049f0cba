/** The message the agent registration answers with, shown in the welcome toast. */
export function agentWelcomeMessage(user: { isPioneerAgent: boolean; pioneerPosition: number | null }) {
	return user.isPioneerAgent
		? `You are Pioneer Agent #${user.pioneerPosition}. Your account is ready.`
		: 'Your agent account is ready. Start transforming properties in 20-30 minutes.'
}
