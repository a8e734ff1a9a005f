/**
 * The report data's settings, per sandbox: a seed, a size (call legs of customer 1; customer 2 gets
 * a tenth) and the period it covers (the last `days` days up to `lastDay`, default today, UTC).
 * Data is never stored: every answer is generated from these on request. The call records follow a
 * profile: `even` (the default) spreads calls evenly over the whole period; `quietThenBusy` is a
 * business switch's day, nothing from 00:00 to 07:59 and every call of the day between 08:00 and
 * 17:59 (then nothing again), which is what a windowed export must survive (a quiet night, a busy
 * morning).
 */
import type { SwitchState } from '../state';
import { DAY_MS, dayStart, parseBound } from '../../time';

export interface ReportConfig {
	seed: number;
	/** Call legs of customer 1 over the whole period (up to 100,000 and more). */
	legs: number;
	/** Days the period covers, ending with lastDay. */
	days: number;
	/** Last day of the period, `YYYY-MM-DD` (default: today, UTC). */
	lastDay?: string;
	/** When in each day the calls are (default `even`: all day). */
	profile?: CallProfile;
}

export const CALL_PROFILES = ['even', 'quietThenBusy'] as const;
export type CallProfile = (typeof CALL_PROFILES)[number];

/** The busy hours of a `quietThenBusy` day: [08:00, 18:00). */
export const BUSY_HOURS = { from: 8, to: 18 } as const;

export const DEFAULT_REPORTS: ReportConfig = { seed: 1, legs: 500, days: 7 };

export interface ReportData {
	config: ReportConfig;
	/** Base URL of the sandbox, for recording download links. */
	baseUrl: () => string;
	/** Derived indexes, rebuilt when the config changes. */
	cache: Map<string, unknown>;
}

const byState = new WeakMap<SwitchState, ReportData>();

export function attachReports(state: SwitchState, config: Partial<ReportConfig>, baseUrl: () => string): ReportData {
	const data: ReportData = { config: { ...DEFAULT_REPORTS, ...config }, baseUrl, cache: new Map() };
	byState.set(state, data);
	return data;
}

export function reportsOf(state: SwitchState): ReportData {
	let data = byState.get(state);
	if (!data) data = attachReports(state, {}, () => 'http://127.0.0.1');
	return data;
}

export function configure(data: ReportData, changes: Partial<ReportConfig>) {
	data.config = { ...data.config, ...changes };
	data.cache.clear();
}

/** First and last millisecond of the period. */
export function period(config: ReportConfig): { start: number; end: number } {
	const last = config.lastDay ? parseBound(config.lastDay, false) : undefined;
	const lastDay = dayStart(last ?? Date.now());
	return { start: lastDay - (config.days - 1) * DAY_MS, end: lastDay + DAY_MS - 1000 };
}

/** Memoises a derived index of the data under `key` until the config changes. */
export function cached<T>(data: ReportData, key: string, build: () => T): T {
	if (!data.cache.has(key)) data.cache.set(key, build());
	return data.cache.get(key) as T;
}
