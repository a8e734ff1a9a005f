/**
 * "Calls from the switch to an external application" of switch-calls-reporting.md, Digit
 * Validation: the reply is "a single plain string equal to one of the options configured in the
 * DV". This entry sends no request: it answers the Digit Validation request that started the
 * workflow (a SolSwitch Trigger with Answer From: Answer Node), as n8n's Respond to Webhook does.
 */
import type { SwitchLists } from '../methods/listSearch';
import { RULES } from '../../shared/catalog/rules';
import type { LocalRunner, OperationSpec } from '../../engine/catalog/types';

/**
 * Sends the option as bare text through the waiting webhook. n8n answers the switch once, with
 * the first answer given; later items only pass through.
 */
export const answerDigitValidation: LocalRunner = async (body, ctx) => {
	const option = String(body.Option).trim();
	await ctx.fn.sendResponse({
		body: option,
		headers: { 'content-type': 'text/plain; charset=utf-8' },
		statusCode: 200,
	});
	const input = ctx.fn.getInputData()[ctx.itemIndex]?.json ?? {};
	return [{ json: { ...input, answeredOption: option } }];
};

export const digitValidation: Array<OperationSpec<SwitchLists>> = [
	{
		resource: 'digitValidation',
		operation: 'answer',
		name: 'Answer Digit Validation',
		label: 'Answer',
		action: 'Answer the waiting digit validation request with a routing option',
		description: 'Send the routing option the caller waits for (SolSwitch Trigger, Digit Validation, Answer From: Answer Node)',
		attributes: [
			{
				name: 'Option',
				type: 'string',
				required: true,
				rule: RULES.dvOption,
				description: 'One of the options configured on the Digit Validation; sent as plain text, without quotes or JSON',
				placeholder: 'sales',
			},
		],
		response: { kind: 'status' },
		local: answerDigitValidation,
	},
];
