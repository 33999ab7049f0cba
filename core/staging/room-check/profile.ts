/** CPU per stage of the room check when ROOM_CHECK_PROFILE is set (bench and tuning only). */
const profile = process.env.ROOM_CHECK_PROFILE ? new Map<string, number>() : null

let lastMark = process.cpuUsage()

/** Starts a check's count: its first stage is measured from here. */
export function startProfile() {
	lastMark = process.cpuUsage()
}

/** Adds the CPU used since the last mark to `stage`. */
export function mark(stage: string) {
	if (!profile) return
	const used = process.cpuUsage(lastMark)
	profile.set(stage, (profile.get(stage) ?? 0) + (used.user + used.system) / 1000)
	lastMark = process.cpuUsage()
}

export const stageProfile = () => profile
