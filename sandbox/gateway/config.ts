import { SHORT_CODE_MAX_DIGITS } from './codes';

/** The gateway's configuration as the operator would set it up (keys, allow-list, provider URLs). */
export const DEFAULT_GATEWAY_KEY = 'sandbox-gateway-key';
export const DEFAULT_INBOUND_KEY = 'sandbox-inbound-key';

export interface GatewayConfig {
	/** Keys accepted on MT and usage report requests. */
	keys: string[];
	/** An API key is configured: every MT / report request must carry a valid `Key`. */
	requireKey: boolean;
	/** Addresses the MT APIs accept (null: any). */
	allowedIps: string[] | null;
	/** Where MO messages (and reports, unless reportUrl is set) are POSTed. */
	providerUrl?: string;
	/** A separately configured report URL. */
	reportUrl?: string;
	/** Inbound key attached to callbacks; empty: none. */
	inboundKey: string;
	inboundKeyType: 'body' | 'header';
	/** This configuration supports delivery receipts. */
	receipts: boolean;
	/** Sandbox milliseconds between an MT with Receipt yes and its report. */
	reportDelayMs: number;
	/** Status value of the next reports (0 DELIVERED by default). */
	reportStatus: number;
	/** Retries after the first attempt, and the first wait (sandbox ms), doubling. */
	retries: number;
	firstRetryMs: number;
	/** Timeout of one callback attempt (real ms). */
	callbackTimeoutMs: number;
	/** Codes of up to this many digits are short codes (codes.ts): only there does a reply Body reach the phone. */
	shortCodeMaxDigits: number;
	/** The short codes, listed outright (instead of by length). */
	shortCodes?: string[];
}

export function defaultGatewayConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
	return {
		keys: [DEFAULT_GATEWAY_KEY],
		requireKey: true,
		allowedIps: null,
		inboundKey: DEFAULT_INBOUND_KEY,
		inboundKeyType: 'body',
		receipts: true,
		reportDelayMs: 1000,
		reportStatus: 0,
		retries: 12,
		firstRetryMs: 2000,
		callbackTimeoutMs: 30000,
		shortCodeMaxDigits: SHORT_CODE_MAX_DIGITS,
		...overrides,
	};
}
