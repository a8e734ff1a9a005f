/** Peak resident memory of a process while something runs, sampled from /proc every 20 ms (Linux). */
import fs from 'node:fs';

function rssMb(pid: number): number {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) / 1024 : NaN;
	} catch {
		return NaN;
	}
}

export async function withPeakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; peakMb: number; beforeMb: number }> {
	const beforeMb = pid ? rssMb(pid) : NaN;
	let peakMb = beforeMb;
	const timer = setInterval(() => {
		if (pid) peakMb = Math.max(peakMb, rssMb(pid));
	}, 20);
	try {
		const result = await work();
		if (pid) peakMb = Math.max(peakMb, rssMb(pid));
		return { result, peakMb, beforeMb };
	} finally {
		clearInterval(timer);
	}
}
