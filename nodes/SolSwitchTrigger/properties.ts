/**
 * The SolSwitch Trigger's fields: generated from the event table, then the Options (the guard's).
 * Version 1 kept the Packet API Key and the Shared Secret as node fields; they stay, shown for
 * version 1 only, so saved workflows keep their values. Version 2 takes them from the credential.
 */
import type { INodeProperties } from 'n8n-workflow';
import { eventProperties, guardOptions, optionsCollection } from '../engine/trigger/describe';
import { SWITCH_TRIGGER } from './events';
import { sharedSecretField } from './secretFields';

export const LATEST_VERSION = 2;

export const onlyVersion1 = { '@version': [1] };

const guard = guardOptions('the switch');

export const triggerProperties: INodeProperties[] = [
	...eventProperties(SWITCH_TRIGGER),
	optionsCollection([...guard, sharedSecretField], { displayOptions: { show: onlyVersion1 } }),
	optionsCollection(guard, { displayOptions: { hide: onlyVersion1 } }),
];
