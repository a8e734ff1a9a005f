/**
 * The CSV file output of a windowed export (nodes/engine/export), against a fake switch: the windows
 * cover the range exactly and split when an answer is over the bound; legs that straddle a window
 * boundary are neither lost nor written twice, whichever time the switch matches a window on;
 * quoting as RFC 4180 and n8n's Convert to File do it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IExecuteFunctions } from 'n8n-workflow';
import { CDR_COLUMNS, CDR_CSV } from '../../../nodes/SolSwitch/shapers/cdrExport';
import { csvField, csvRow } from '../../../nodes/engine/export/csv';
import { csvFileName, exportCsvFile } from '../../../nodes/engine/export/csvFile';
import { csvFileSettings } from '../../../nodes/engine/export/options';
import { askInWindows, DEFAULT_WINDOWS, SeenKeys, type Window, type WindowSettings, type WindowStats } from '../../../nodes/engine/export/windows';
import { boundMs, formatBound } from '../../../nodes/engine/transport/ranges';
import type { SolSwitchAnswer } from '../../../nodes/engine/transport/request';
import { parseCsv } from '../../helpers/csv';

const at = (text: string) => boundMs(text, false)!;
const time = (ms: number) => formatBound(ms, true);

describe('CSV fields', () => {
	it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
		expect(csvField('plain')).toBe('plain');
		expect(csvField('Dupuis, Jean')).toBe('"Dupuis, Jean"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('two\nlines')).toBe('"two\nlines"');
		expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
		expect(csvField('')).toBe('');
		expect(csvField('Élodie 📞')).toBe('Élodie 📞');
	});

	it('writes numbers and booleans as text, anything absent or nested as an empty field', () => {
		expect(csvRow([5145550199, true, undefined, null, { a: 1 }, 'x'])).toBe('5145550199,true,,,,x');
	});
});

describe('file names and settings', () => {
	it('names a day by its date and any other range by both bounds, without colons', () => {
		expect(csvFileName('cdr', '2026-03-10', '2026-03-10')).toBe('cdr-2026-03-10.csv');
		expect(csvFileName('cdr', '2026-03-08', '2026-03-10')).toBe('cdr-2026-03-08_2026-03-10.csv');
		expect(csvFileName('cdr', '2026-03-10 08:00:00', '2026-03-10 11:59:59')).toBe('cdr-2026-03-10T080000_2026-03-10T115959.csv');
	});

	it('reads the options, falling back to the defaults for empty or bad values', () => {
		expect(csvFileSettings({})).toEqual({ binaryProperty: 'data', windows: { maxRecords: 5000, startSeconds: 3600, maxSeconds: 3600 } });
		expect(csvFileSettings({ csvBinaryProperty: ' cdr ', csvMaxRecords: 250 })).toMatchObject({ binaryProperty: 'cdr', windows: { maxRecords: 250 } });
		expect(csvFileSettings({ csvBinaryProperty: '  ', csvMaxRecords: 0 })).toMatchObject({ binaryProperty: 'data', windows: { maxRecords: 5000 } });
	});
});

describe('windows', () => {
	const collect = async (from: string, to: string, recordsIn: (w: Window) => number, maxRecords = 100) => {
		const stats: WindowStats = { asked: 0, split: 0 };
		const asked: Window[] = [];
		const kept: Window[] = [];
		for await (const { window } of askInWindows(
			from,
			to,
			async (w) => {
				asked.push(w);
				const records = recordsIn(w);
				return records ? { records, data: null } : undefined;
			},
			stats,
			{ maxRecords, startSeconds: 3600, maxSeconds: 86400 },
		)) {
			kept.push(window);
		}
		return { stats, asked, kept };
	};

	it('covers a day exactly: each window starts one second after the previous one ends', async () => {
		const { kept } = await collect('2026-03-10', '2026-03-10', () => 30);
		expect(kept[0].from).toBe('2026-03-10 00:00:00');
		expect(kept[kept.length - 1].to).toBe('2026-03-10 23:59:59');
		for (let i = 1; i < kept.length; i++) expect(kept[i].fromMs).toBe(kept[i - 1].toMs + 1000);
	});

	it('starts at an hour and grows on a quiet range, up to a day', async () => {
		const { kept, stats } = await collect('2026-03-01', '2026-03-10', () => 1);
		expect(kept.slice(0, 3).map((w) => (w.toMs - w.fromMs + 1000) / 3600000)).toEqual([1, 2, 4]);
		expect(Math.max(...kept.map((w) => w.toMs - w.fromMs + 1000))).toBe(86400000);
		expect(stats.split).toBe(0);
	});

	it('halves a window whose answer is over the bound, asks again, and keeps the size found', async () => {
		// 1 record per second: an hour holds 3,600, the bound is 100.
		const { kept, asked, stats } = await collect('2026-03-10 00:00:00', '2026-03-10 00:29:59', (w) => (w.toMs - w.fromMs) / 1000 + 1);
		expect(kept.every((w) => (w.toMs - w.fromMs) / 1000 + 1 <= 100)).toBe(true);
		expect(stats.split).toBeGreaterThan(0);
		expect(stats.asked).toBe(asked.length);
		expect(asked.length).toBe(kept.length + stats.split);
		// Once found, the size holds: no further split after the first kept window.
		const firstKept = asked.indexOf(kept[0]);
		expect(asked.length - firstKept).toBe(kept.length);
	});

	it('asks a window too dense again at the size its density says, not by halving one answer at a time', async () => {
		// 1 record per second against a bound of 100: the hour's 3,600 say 50 s windows (half the bound).
		const { asked, stats } = await collect('2026-03-10 00:00:00', '2026-03-10 00:09:59', (w) => (w.toMs - w.fromMs) / 1000 + 1);
		expect(stats.split).toBe(1);
		expect(asked.slice(1).map((w) => (w.toMs - w.fromMs) / 1000 + 1)).toEqual(Array(12).fill(50));
	});

	it('keeps a one-second window whatever it holds: the interface has no finer step', async () => {
		const { kept } = await collect('2026-03-10 00:00:00', '2026-03-10 00:00:03', () => 1000);
		expect(kept.map((w) => w.from)).toEqual(['2026-03-10 00:00:00', '2026-03-10 00:00:01', '2026-03-10 00:00:02', '2026-03-10 00:00:03']);
	});

	it('forgets a key once no later window can match it', () => {
		const seen = new SeenKeys();
		expect(seen.seen('a', 1000)).toBe(false);
		expect(seen.seen('b', 5000)).toBe(false);
		expect(seen.seen('a', 1000)).toBe(true);
		seen.forgetBefore(2000);
		expect(seen.size).toBe(1);
		expect(seen.seen('b', 5000)).toBe(true);
		expect(seen.seen('a', 1000)).toBe(false);
	});
});

describe('windows after a quiet stretch (a business day: nothing until 08:00, then busy)', () => {
	// A million legs between 08:00 and 17:59, none before or after: 100,000 an hour, about 28 a second.
	const DAY = '2026-03-10';
	const busyFrom = at(`${DAY} 08:00:00`);
	const busyTo = at(`${DAY} 18:00:00`);
	const perSecond = 1000000 / 36000;
	// Legs started before a time: whole numbers, so that the windows add up to the million exactly.
	const before = (ms: number) => Math.floor((Math.min(Math.max(ms - busyFrom, 0), busyTo - busyFrom) * 1000000) / (busyTo - busyFrom));
	const legsIn = (w: Window) => before(w.toMs + 1000) - before(w.fromMs);

	const exportDay = async (settings: WindowSettings) => {
		const stats: WindowStats = { asked: 0, split: 0 };
		const answers: number[] = [];
		let legs = 0;
		for await (const { answer } of askInWindows(
			DAY,
			DAY,
			async (w) => {
				const records = legsIn(w);
				answers.push(records);
				return records ? { records, data: null } : undefined;
			},
			stats,
			settings,
		)) {
			legs += answer?.records ?? 0;
		}
		return { stats, answers, legs };
	};

	it('never asks for more than the busiest hour at once: the quiet night does not grow the window the morning fills', async () => {
		const { answers, legs, stats } = await exportDay(csvFileSettings({}).windows);
		expect(legs).toBe(1000000);
		// The largest answer n8n parses whole is one start window of the busy stretch (100,000 legs), not
		// the 07:00-14:59 window a night of doubling would ask (700,000 legs).
		expect(Math.max(...answers)).toBeLessThanOrEqual(Math.ceil(3600 * perSecond));
		// Past the first busy hour, every answer is within the bound: one split found the size.
		expect(answers.filter((n) => n > DEFAULT_WINDOWS.maxRecords)).toHaveLength(1);
		expect(stats.split).toBe(1);
		// A bounded number of requests: the quiet hours one each, the busy ones at about half the bound.
		expect(stats.asked).toBeLessThanOrEqual(24 + Math.ceil((2 * 1000000) / DEFAULT_WINDOWS.maxRecords));
	});

	it('asks a quiet day in 24 requests, an hour each', async () => {
		const stats: WindowStats = { asked: 0, split: 0 };
		for await (const _ of askInWindows(DAY, DAY, async () => undefined, stats)) void _;
		expect(stats).toEqual({ asked: 24, split: 0 });
	});

	it('grows back to at most the start window once the busy stretch ends', async () => {
		const evening: number[] = [];
		const stats: WindowStats = { asked: 0, split: 0 };
		for await (const { window } of askInWindows(`${DAY} 17:00:00`, `${DAY} 23:59:59`, async (w) => {
			const records = legsIn(w);
			return records ? { records, data: null } : undefined;
		}, stats)) if (window.fromMs >= busyTo) evening.push((window.toMs - window.fromMs + 1000) / 1000);
		// From the busy size (about 90 s) doubling back to an hour, and never past it.
		expect(Math.max(...evening)).toBe(3600);
		expect(evening.length).toBeLessThanOrEqual(12);
	});
});

/** A switch of made-up calls; `match` says which time of a leg (or its call) a window is matched on. */
type Match = 'callStart' | 'legStart' | 'legEnd' | 'legOverlap' | 'callOverlap';

interface FakeLeg {
	CallID: string;
	LegID: string;
	StartTime: string;
	ConnectTime: string;
	EndTime: string;
	SourceName: string;
	startMs: number;
	endMs: number;
}

/** 400 calls over one day, many lasting across an hour boundary, with 1 to 3 legs back to back. */
function fakeDay(): FakeLeg[] {
	const legs: FakeLeg[] = [];
	const day = at('2026-03-10 00:00:00');
	let legId = 1000;
	for (let c = 0; c < 400; c++) {
		// Calls cluster around each hour boundary (the hard case) and spread over the day.
		const start = day + (c % 24) * 3600000 + (c % 2 ? -1 : 1) * ((c * 7919) % 1800) * 1000;
		const callStart = Math.max(day, start);
		let t = callStart;
		const count = 1 + (c % 3);
		for (let k = 0; k < count; k++) {
			const length = (60 + ((c * 31 + k * 17) % 1500)) * 1000;
			legs.push({
				CallID: `${Math.floor(callStart / 1000)}.${c}`,
				LegID: String(legId++),
				StartTime: time(t),
				ConnectTime: k % 2 ? '' : time(t + 5000),
				EndTime: time(t + length),
				SourceName: c % 5 === 0 ? 'Dupuis, "Jean"' : 'Acme',
				startMs: t,
				endMs: t + length,
			});
			t += length;
		}
	}
	return legs.filter((l) => l.endMs <= day + 86400000 - 1000).sort((a, b) => a.startMs - b.startMs || a.CallID.localeCompare(b.CallID));
}

function fakeSwitch(legs: FakeLeg[], match: Match) {
	const calls = new Map<string, FakeLeg[]>();
	for (const leg of legs) calls.set(leg.CallID, [...(calls.get(leg.CallID) ?? []), leg]);
	const spans = new Map([...calls].map(([id, of]) => [id, { start: Math.min(...of.map((l) => l.startMs)), end: Math.max(...of.map((l) => l.endMs)) }]));
	const spanOf = (id: string) => spans.get(id)!;
	const matches = (leg: FakeLeg, from: number, to: number) => {
		switch (match) {
			case 'callStart':
				return spanOf(leg.CallID).start >= from && spanOf(leg.CallID).start <= to;
			case 'legStart':
				return leg.startMs >= from && leg.startMs <= to;
			case 'legEnd':
				return leg.endMs >= from && leg.endMs <= to;
			case 'legOverlap':
				return leg.startMs <= to && leg.endMs >= from;
			case 'callOverlap':
				return spanOf(leg.CallID).start <= to && spanOf(leg.CallID).end >= from;
		}
	};
	const requests: Array<{ from: string; to: string }> = [];
	const send = async (window: Window): Promise<SolSwitchAnswer> => {
		requests.push({ from: window.from, to: window.to });
		const answer: Record<string, unknown> = { Status: 'OK' };
		for (const leg of legs) {
			if (!matches(leg, window.fromMs, window.toMs)) continue;
			const { startMs, endMs, CallID, ...fields } = leg;
			const list = (answer[CallID] as object[] | undefined) ?? [];
			list.push(fields);
			answer[CallID] = list;
		}
		// As the switch does: a single leg is the object itself.
		for (const key of Object.keys(answer)) if (Array.isArray(answer[key]) && (answer[key] as object[]).length === 1) answer[key] = (answer[key] as object[])[0];
		return Object.keys(answer).length > 1 ? { kind: 'ok', data: answer } : { kind: 'empty', reason: 'No Records Found.' };
	};
	return { send, requests };
}

/** An execute context whose binary helper stores the file as n8n's filesystem mode does: fs.promises.writeFile(path, stream). */
let files = 0;
function fakeContext(dir: string) {
	const fn = {
		helpers: {
			prepareBinaryData: async (data: unknown, fileName: string, mimeType: string) => {
				const file = path.join(dir, `file-${files++}`);
				await fs.promises.writeFile(file, data as AsyncIterable<Buffer>);
				return { data: 'filesystem-v2', id: file, fileName, mimeType };
			},
		},
	};
	return fn as unknown as IExecuteFunctions;
}

/** The CDR export of 2026-03-10 to a CSV file, through `send`; the rest as each test says. */
function exportCdrDay(dir: string, send: Parameters<typeof exportCsvFile>[1]['send'], rest: Partial<Parameters<typeof exportCsvFile>[1]> = {}) {
	return exportCsvFile(fakeContext(dir), { spec: CDR_CSV, from: '2026-03-10', to: '2026-03-10', fromName: 'DateStart', toName: 'DateEnd', send, binaryProperty: 'data', ...rest });
}

describe('CDR Export to a CSV file, against a fake switch', () => {
	jest.setTimeout(60000);
	let dir: string;
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-export-'));
	});
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	const legs = fakeDay();
	const run = async (match: Match, maxRecords: number) => {
		const fake = fakeSwitch(legs, match);
		const item = await exportCdrDay(dir, fake.send, { windows: { maxRecords, startSeconds: 3600, maxSeconds: 86400 } });
		const bytes = fs.readFileSync(item.binary!.data.id!);
		return { item, bytes, text: bytes.toString('utf8'), requests: fake.requests };
	};

	it('the fake day has legs that cross hour boundaries, and calls whose legs fall in two hours', () => {
		const hour = (ms: number) => Math.floor(ms / 3600000);
		expect(legs.filter((l) => hour(l.startMs) !== hour(l.endMs)).length).toBeGreaterThan(50);
		const byCall = new Map<string, FakeLeg[]>();
		for (const l of legs) byCall.set(l.CallID, [...(byCall.get(l.CallID) ?? []), l]);
		expect([...byCall.values()].filter((ls) => new Set(ls.map((l) => hour(l.startMs))).size > 1).length).toBeGreaterThan(20);
	});

	for (const match of ['callStart', 'legStart', 'legEnd', 'legOverlap', 'callOverlap'] as const) {
		it(`writes every leg exactly once when the switch matches windows on ${match}`, async () => {
			// 40 legs a window at most (80 when whole calls overlap): above the legs running at once, so windows split without shrinking to seconds.
			const { text, item, requests } = await run(match, match === 'callOverlap' ? 80 : 40);
			expect(text.startsWith('\uFEFF')).toBe(true);
			const [header, ...rows] = parseCsv(text.slice(1));
			expect(header).toEqual([...CDR_COLUMNS]);
			const written = rows.map((r) => `${r[0]}/${r[1]}`);
			expect(new Set(written).size).toBe(written.length);
			expect(written.sort()).toEqual(legs.map((l) => `${l.CallID}/${l.LegID}`).sort());
			// Each row holds its leg's values, quoted where needed.
			const byKey = new Map(legs.map((l) => [`${l.CallID}/${l.LegID}`, l]));
			for (const r of rows) {
				const leg = byKey.get(`${r[0]}/${r[1]}`)!;
				expect([r[2], r[3], r[4], r[5]]).toEqual([leg.StartTime, leg.ConnectTime, leg.EndTime, leg.SourceName]);
				expect(r.slice(6)).toEqual(['', '', '', '', '', '', '', '']);
			}
			// Small windows: the day was split, and the counts say what was written and asked.
			expect(item.json).toMatchObject({
				fileName: 'cdr-2026-03-10.csv',
				DateStart: '2026-03-10',
				DateEnd: '2026-03-10',
				legs: legs.length,
				calls: new Set(legs.map((l) => l.CallID)).size,
				windowsAsked: requests.length,
			});
			expect(item.json.windowsSplit).toBeGreaterThan(0);
			expect(requests.length).toBeGreaterThan(24);
		});
	}

	it('gives the rows in the order one request for the whole day gives them (matched on call start, as the sandbox does)', async () => {
		const windowed = await run('callStart', 40);
		const whole = await run('callStart', 1e9);
		expect(whole.requests.length).toBeLessThan(windowed.requests.length);
		expect(windowed.bytes.equals(whole.bytes)).toBe(true);
	});

	it('writes only the header for a range without calls', async () => {
		const fake = fakeSwitch([], 'legStart');
		const item = await exportCdrDay(dir, fake.send, { binaryProperty: 'file' });
		expect(fs.readFileSync(item.binary!.file.id!, 'utf8')).toBe(`\uFEFF${CDR_COLUMNS.join(',')}`);
		expect(item.json).toMatchObject({ legs: 0, calls: 0 });
	});

	it('stops asking once Limit legs are written', async () => {
		const fake = fakeSwitch(legs, 'callStart');
		const item = await exportCdrDay(dir, fake.send, { limit: 5 });
		expect(parseCsv(fs.readFileSync(item.binary!.data.id!, 'utf8').slice(1))).toHaveLength(6);
		expect(fake.requests).toHaveLength(1);
	});

	it('fails with the switch\'s error, and sends nothing after it', async () => {
		const fake = fakeSwitch(legs, 'legStart');
		let calls = 0;
		const failing = async (w: Window) => {
			if (++calls === 3) throw new Error('The switch answered FAIL: Error with Key');
			return await fake.send(w);
		};
		await expect(
			exportCdrDay(dir, failing),
		).rejects.toThrow('Error with Key');
		expect(calls).toBe(3);
	});
});

describe('Multichannel Message Export to a CSV file, against a fake switch', () => {
	// Two conversations across the 10:00 boundary; the second repeats the same text in the same second.
	const conversations = {
		'600': {
			'71': {
				Type: 'SMS',
				Source: '5145550123',
				Label: '',
				Messages: [
					{ DateTime: '2026-03-10 09:59:30', Timestamp: String(at('2026-03-10 09:59:30') / 1000), Direction: 'Incoming', User: 'Customer', Message: 'Hi, is my order shipped?' },
					{ DateTime: '2026-03-10 10:00:10', Timestamp: String(at('2026-03-10 10:00:10') / 1000), Direction: 'Outgoing', User: 'alice', Message: 'It ships tomorrow.' },
				],
			},
			'72': {
				Type: 'Webchat',
				Source: 'wc-1',
				Label: 'Jean, "order 1042"',
				Messages: [
					{ DateTime: '2026-03-10 09:58:00', Timestamp: String(at('2026-03-10 09:58:00') / 1000), Direction: 'Incoming', User: 'Customer', Message: 'ok' },
					{ DateTime: '2026-03-10 10:01:00', Timestamp: String(at('2026-03-10 10:01:00') / 1000), Direction: 'Incoming', User: 'Customer', Message: 'ok' },
					{ DateTime: '2026-03-10 10:01:00', Timestamp: String(at('2026-03-10 10:01:00') / 1000), Direction: 'Incoming', User: 'Customer', Message: 'ok' },
				],
			},
		},
	};
	const all = Object.values(conversations['600']).flatMap((c) => c.Messages);

	const switchOf = (whole: boolean) => {
		const requests: Window[] = [];
		const send = async (window: Window): Promise<SolSwitchAnswer> => {
			requests.push(window);
			const queue: Record<string, unknown> = {};
			for (const [id, c] of Object.entries(conversations['600'])) {
				const inside = c.Messages.filter((m) => Number(m.Timestamp) * 1000 >= window.fromMs && Number(m.Timestamp) * 1000 <= window.toMs);
				if (inside.length) queue[id] = { ...c, Messages: whole ? c.Messages : inside };
			}
			return Object.keys(queue).length ? { kind: 'ok', data: { Status: 'OK', '600': queue } } : { kind: 'empty', reason: 'No data found.' };
		};
		return { send, requests };
	};

	for (const whole of [false, true]) {
		it(`writes each message once when a window brings ${whole ? 'whole conversations' : 'only its messages'}, identical messages kept apart`, async () => {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcm-csv-'));
			const fake = switchOf(whole);
			const { MCM_CSV, MCM_COLUMNS } = await import('../../../nodes/SolSwitch/shapers/multichannelExport');
			const item = await exportCsvFile(fakeContext(dir), {
				spec: MCM_CSV,
				from: '2026-03-10 09:00:00',
				to: '2026-03-10 10:59:59',
				fromName: 'DateStart',
				toName: 'DateEnd',
				send: fake.send,
				binaryProperty: 'data',
				windows: { maxRecords: 5000, startSeconds: 3600, maxSeconds: 3600 },
			});
			const [header, ...rows] = parseCsv(fs.readFileSync(item.binary!.data.id!, 'utf8').slice(1));
			fs.rmSync(dir, { recursive: true, force: true });
			expect(header).toEqual([...MCM_COLUMNS]);
			expect(fake.requests.map((w) => w.from)).toEqual(['2026-03-10 09:00:00', '2026-03-10 10:00:00']);
			expect(rows.map((r) => `${r[1]} ${r[5]} ${r[9]}`).sort()).toEqual(
				[
					'71 2026-03-10 09:59:30 Hi, is my order shipped?',
					'71 2026-03-10 10:00:10 It ships tomorrow.',
					'72 2026-03-10 09:58:00 ok',
					'72 2026-03-10 10:01:00 ok',
					'72 2026-03-10 10:01:00 ok',
				].sort(),
			);
			expect(rows).toHaveLength(all.length);
			expect(rows.find((r) => r[1] === '72')![4]).toBe('Jean, "order 1042"');
			expect(item.json).toMatchObject({ messages: 5, conversations: 2, windowsAsked: 2 });
		});
	}
});
