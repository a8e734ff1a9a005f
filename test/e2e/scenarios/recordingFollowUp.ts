// The "recording follow-up" example (examples/recording-follow-up.json) in a real n8n, as the file is:
// the sandbox plays a recorded call, New Recording downloads its MP3, n8n's own OpenAI node uploads it
// to the scripted OpenAI-compatible server's /v1/audio/transcriptions (its Base URL in the OpenAI
// credential stands for api.openai.com), the Basic LLM Chain summarizes the scripted transcript with
// the same server's chat completions, and the summary reaches the sandbox gateway by SMS to the mobile
// of the extension that answered. Checked: the server received exactly the bytes the sandbox serves
// for that recording; a call taken by an extension without a mobile in the map costs no transcription
// and sends nothing.
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { gatewayOf } from '../../../sandbox/gateway';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { mp3Of } from '../../../sandbox/switch/reports/mp3';
import { importExample, webhookUrls } from '../../../scripts/start/examples';
import { nodeJson, nodeOutput } from '../../../scripts/n8n-harness';
import { ScriptedChatModel, contentText } from '../../helpers/scriptedChatModel';
import { createScriptedModelCredential } from '../ai/agentWorkflow';
import type { ScenarioEnv } from './env';
import { createGatewayCredential } from './redelivery';

const SECRET = 'e2e-recording-follow-up-secret';
const TRANSCRIPT =
	'Hi, this is Jean Dupuis. The furnace at 12 Maple Street stopped again this morning. Can a technician come tomorrow before noon? My number is 438 555 0142.';
const SUMMARY = 'Jean Dupuis: furnace at 12 Maple Street stopped again; wants a technician tomorrow before noon. Promised a callback.';

export function describeRecordingFollowUp(env: ScenarioEnv) {
	describe('example: recording follow-up (scripted OpenAI-compatible server)', () => {
		let model: ScriptedChatModel;
		let workflowId: string;

		beforeAll(async () => {
			model = await ScriptedChatModel.start();
			const switchApi = await env.api.createCredential('Switch (recording follow-up)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
			const callbacks = await env.api.createCredential('Callbacks (recording follow-up)', 'solSwitchCallbacksApi', { packetApiKey: '', sharedSecret: SECRET });
			const workflow = await importExample(env.api, 'examples/recording-follow-up.json', {
				solSwitchApi: switchApi.id,
				solSwitchCallbacksApi: callbacks.id,
				solSwitchMessagingApi: await createGatewayCredential(env),
				openAiApi: await createScriptedModelCredential(env, model.baseUrl, 'Scripted OpenAI (recording follow-up)'),
			});
			await env.api.publishWorkflow(workflow.id);
			workflowId = workflow.id;
			const [trigger] = webhookUrls(workflow, env.webhookBaseUrl, { sharedSecret: SECRET });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [trigger.url] });
		});

		// The file's fixed webhook id: another copy of the example published later would be refused.
		afterAll(async () => {
			if (workflowId) await env.api.unpublishWorkflow(workflowId);
			await model?.close();
		});

		async function playRecorded(extension: string) {
			const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ scenario: 'recorded', From: '4385550142', CallerName: 'Jean Dupuis', DID: '5145550100', Extension: extension, talkSeconds: 40 }),
			});
			expect(answer.status).toBe(200);
			return (await answer.json()) as { CallID: string };
		}

		const textsTo = (number: string) => gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send' && r.To === number);

		it('transcribes the MP3 the switch recorded, summarizes it and texts the summary to the mobile of the extension that answered', async () => {
			model.reset([{ text: SUMMARY }]);
			model.transcribe([TRANSCRIPT]);
			const before = textsTo('15145550123').length;
			const call = await playRecorded('201');
			const [execution] = await env.api.waitForExecutions(workflowId, 1);
			expect(model.problems).toEqual([]);
			expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });

			// The upload: n8n's OpenAI node sent the trigger's binary, which is the sandbox's MP3 of that recording.
			const served = mp3Of(`${call.CallID}-1`);
			const [trigger] = nodeOutput(execution, 'New Recording');
			expect(trigger.json).toMatchObject({ CallID: call.CallID, Recording: `${call.CallID}-1.mp3`, AnsweredBy: '201' });
			expect(model.transcriptions).toHaveLength(1);
			const [upload] = model.transcriptions;
			expect(upload.fields.model).toBe('whisper-1');
			expect(upload.file).toMatchObject({ filename: `${call.CallID}-1.mp3`, contentType: 'audio/mpeg' });
			expect(upload.file.bytes.length).toBe(served.length);
			expect(upload.file.bytes.equals(served)).toBe(true);
			expect(nodeJson(execution, 'Transcribe Recording')).toEqual([expect.objectContaining({ text: TRANSCRIPT })]);

			// The summary: the chat model was given the transcript and the caller.
			expect(model.requests).toHaveLength(1);
			const prompt = model.requests[0].messages.map(contentText).join('\n');
			expect(prompt).toContain(TRANSCRIPT);
			expect(prompt).toContain('Jean Dupuis 4385550142');
			expect(nodeJson(execution, 'Summarize')).toEqual([expect.objectContaining({ text: SUMMARY })]);

			// The SMS: to extension 201's owner in Follow-Up Settings, from the file's smsFrom; longer than
			// one SMS (136 characters), so in numbered parts.
			const parts = textsTo('15145550123').slice(before);
			expect(parts.map((p) => [p.From, String(p.text).slice(0, 4)])).toEqual([
				['55555', '1/2 '],
				['55555', '2/2 '],
			]);
			expect(parts.map((p) => String(p.text).slice(4)).join(' ')).toBe(`Call from Jean Dupuis: ${SUMMARY}`);
			expect(model.remainingTranscripts).toBe(0);
			expect(model.remainingTurns).toBe(0);
		});

		it('a call taken by an extension without a mobile in the map is neither transcribed nor texted', async () => {
			model.reset([]);
			const sentBefore = gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send').length;
			const before = (await env.api.executionSummaries(workflowId)).length;
			await playRecorded('203');
			const runs = await env.api.waitForExecutions(workflowId, before + 1);
			expect(runs.map((r) => ({ status: r.status, error: r.data.resultData.error?.message }))).toEqual(runs.map(() => ({ status: 'success', error: undefined })));
			expect(model.transcriptions).toEqual([]);
			expect(model.requests).toEqual([]);
			expect(model.problems).toEqual([]);
			expect(gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send')).toHaveLength(sentBefore);
		});
	});
}
