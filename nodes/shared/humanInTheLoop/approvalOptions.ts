/**
 * n8n's Approval Options field, as its own send-and-wait nodes declare it (n8n-nodes-base
 * utils/sendAndWait): `approvalOptions.values.{approvalType, approveLabel, disapproveLabel}`. n8n 2.6+
 * builds its human review tool from these names, so both of the package's send-and-wait operations
 * (by SMS and by phone call) keep them; only what a "label" is differs (a reply word, a key), so each
 * node passes its own display names, defaults and descriptions. Mirrored once here: a community node
 * cannot import n8n-nodes-base.
 */
import type { INodeProperties } from 'n8n-workflow';

/** What one node calls its approve and decline answers. */
export interface ApprovalLabels {
	approveName: string;
	approveDefault: string;
	approveDescription: string;
	declineName: string;
	declineDefault: string;
	declineDescription: string;
}

export function approvalOptionsField(labels: ApprovalLabels, displayOptions?: INodeProperties['displayOptions']): INodeProperties {
	const { approveDefault, declineDefault } = labels;
	return {
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'double',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Disapprove', value: 'double' },
						],
					},
					{ displayName: labels.approveName, name: 'approveLabel', type: 'string', default: approveDefault, description: labels.approveDescription },
					{
						displayName: labels.declineName,
						name: 'disapproveLabel',
						type: 'string',
						default: declineDefault,
						displayOptions: { show: { approvalType: ['double'] } },
						description: labels.declineDescription,
					},
				],
			},
		],
		...(displayOptions ? { displayOptions } : {}),
	};
}
