/**
 * The keypress settings of Call and Wait for Keypress, read the same way by execute() and webhook(),
 * and the pure decisions made on them: which outcome a press is, which Digit Validation option the
 * switch gets for it, whether a number can be called. Named as n8n's send-and-wait nodes name them
 * (approvalOptions.values: approvalType, approveLabel, disapproveLabel), the "labels" being digits.
 */
import type { IDataObject } from 'n8n-workflow';

export const DEFAULT_APPROVE_DIGIT = '1';
export const DEFAULT_DECLINE_DIGIT = '2';
export const APPROVE_OPTION = 'approveOption';
export const DECLINE_OPTION = 'declineOption';
export const OTHER_KEY_OPTION = 'otherKeyOption';

export interface KeypressSpec {
	approvalType: 'single' | 'double';
	approveDigit: string;
	declineDigit: string;
	/** The Digit Validation options the switch gets after each outcome (plain text). */
	approveOption: string;
	declineOption: string;
	otherKeyOption: string;
}

type Read = (name: string, fallback: unknown) => unknown;

const trimmed = (v: unknown, fallback: string) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : fallback);

export function keypressSpecOf(read: Read): KeypressSpec {
	const values = ((read('approvalOptions', {}) as IDataObject).values ?? {}) as IDataObject;
	return {
		approvalType: values.approvalType === 'single' ? 'single' : 'double',
		approveDigit: trimmed(values.approveLabel, DEFAULT_APPROVE_DIGIT),
		declineDigit: trimmed(values.disapproveLabel, DEFAULT_DECLINE_DIGIT),
		approveOption: trimmed(read(APPROVE_OPTION, ''), ''),
		declineOption: trimmed(read(DECLINE_OPTION, ''), ''),
		otherKeyOption: trimmed(read(OTHER_KEY_OPTION, ''), ''),
	};
}

const KEYS = /^[0-9*#]{1,10}$/;
const OPTION = /^[^\r\n]{1,50}$/;

/** What is wrong with the settings, or undefined. */
export function keypressSpecProblem(spec: KeypressSpec): string | undefined {
	if (!KEYS.test(spec.approveDigit)) return 'The Approve Digit must be 1 to 10 keys of 0-9, * and #';
	if (spec.approvalType === 'double') {
		if (!KEYS.test(spec.declineDigit)) return 'The Decline Digit must be 1 to 10 keys of 0-9, * and #';
		if (spec.declineDigit === spec.approveDigit) return 'The Approve Digit and the Decline Digit must differ';
	}
	for (const [label, option] of [
		['Option After Approval', spec.approveOption],
		['Option After Decline', spec.declineOption],
		['Option After Another Key', spec.otherKeyOption],
	] as const) {
		if (label === 'Option After Decline' && spec.approvalType === 'single') continue;
		if (!OPTION.test(option)) return `${label} must be one of the Digit Validation's options: one line of 1 to 50 characters`;
	}
	return undefined;
}

export type PressOutcome = { kind: 'approve' | 'decline' | 'other'; option: string };

/** A press: approves, declines (two-key approval only) or is another key (the switch prompts again). */
export function outcomeOf(spec: KeypressSpec, digits: string): PressOutcome {
	const pressed = digits.trim();
	if (pressed === spec.approveDigit) return { kind: 'approve', option: spec.approveOption };
	if (spec.approvalType === 'double' && pressed === spec.declineDigit) return { kind: 'decline', option: spec.declineOption };
	return { kind: 'other', option: spec.otherKeyOption };
}

/**
 * A number as people write it (+1 514-555-0123, (514) 555 0123) as the switch takes it (numeric):
 * spaces, dashes, dots, parentheses and a leading + removed; undefined when anything else remains.
 */
export function dialable(number: unknown): string | undefined {
	const text = String(number ?? '').trim().replace(/[\s\-.()]/g, '').replace(/^\+/, '');
	return /^\d{3,15}$/.test(text) ? text : undefined;
}
