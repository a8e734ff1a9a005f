/**
 * CPU time used by a process group (n8n and its task runner), from /proc (Linux): user + system, in
 * ms. Read before and after a piece of work, it says what that work cost the n8n side, whatever
 * else the shared machine was doing (a time on the clock does not).
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of every live process of the group, in ms; NaN where /proc cannot be read. */
export function groupCpuMs(pgid: number | undefined): number {
	if (!pgid) return NaN;
	let ticks = 0;
	let seen = false;
	let entries: string[];
	try {
		entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		return NaN;
	}
	for (const pid of entries) {
		try {
			const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
			// Fields after the command (which may hold spaces), from field 3 (state).
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) !== pgid) continue; // field 5: process group
			ticks += Number(fields[11]) + Number(fields[12]); // fields 14 and 15: utime, stime
			seen = true;
		} catch {
			// gone meanwhile
		}
	}
	return seen ? (ticks * 1000) / TICKS_PER_SECOND : NaN;
}
