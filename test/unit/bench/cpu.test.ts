// The bench's CPU reading (scripts/bench/cpu.ts): what a process group used, from /proc.
import fs from 'node:fs';
import { groupCpuMs } from '../../../scripts/bench/cpu';

const ownGroup = () => {
	const stat = fs.readFileSync('/proc/self/stat', 'utf8');
	return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
};

describe('groupCpuMs', () => {
	it('reads the CPU of this process group, and it grows with work', () => {
		const before = groupCpuMs(ownGroup());
		expect(before).toBeGreaterThan(0);
		// 150 ms of this process's own CPU (not of the clock: the machine is shared).
		const start = process.cpuUsage();
		const used = () => { const u = process.cpuUsage(start); return (u.user + u.system) / 1000; };
		let x = 0;
		while (used() < 150) x += Math.sqrt(x + 1);
		expect(x).toBeGreaterThan(0);
		expect(groupCpuMs(ownGroup()) - before).toBeGreaterThanOrEqual(100);
	});

	it('gives NaN for no group, or one with no process', () => {
		expect(groupCpuMs(undefined)).toBeNaN();
		expect(groupCpuMs(2 ** 22 + 12345)).toBeNaN();
	});
});
