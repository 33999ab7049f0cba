/** The first five registered agents become Pioneer Agents. Browser-safe: pages show it too. */
export const PIONEER_SPOTS = 5
