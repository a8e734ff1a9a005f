/** Send SMS: the gateway's answer (Status, ID) plus, as a help, how the text travels. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { characterCount } from '../../shared/messaging/body';
import { segmentation } from '../encoding';

export function shapeSentSms(response: unknown, ctx: ShapeContext): INodeExecutionData[] {
	const answer = (response && typeof response === 'object' ? response : {}) as IDataObject;
	const text = String(ctx.body.Body ?? '');
	const { encoding, segments } = segmentation(text);
	return [
		{
			json: {
				...answer,
				From: ctx.body.From,
				To: ctx.body.To,
				characters: characterCount(text),
				encoding,
				segments,
			},
		},
	];
}
