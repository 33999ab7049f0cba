/** PostgreSQL's fast shutdown mid-import (a minor upgrade, a failover), back after 10 s: bench/faults/fleet-outage.ts. */
import type { Fault } from './fault-row.ts'
import { fleetOutage } from './fleet-outage.ts'

export const fault: Fault = {
	name: 'postgres-restart',
	run: () =>
		fleetOutage({
			fault: 'PostgreSQL restarted (fast shutdown), down 10 s',
			outageS: 10,
			properties: 3,
			outage: (fleet) => ({ stop: fleet.stopPostgres, start: fleet.startPostgres }),
		}),
}
