/**
 * The compliance texts a Messaging Trigger of version 1.2 or later must hold before n8n publishes it
 * (INFO, HELP and AIDE name the operator, so the example files leave them empty for the user to
 * write). `npm start` and the end-to-end tests import the examples into a sandbox, where nobody real
 * is texted: there the empty texts get these demo texts, which say they are the sandbox's and name no
 * contact a phone could reach. A text the file (or the user) already holds is kept.
 */
import type { WorkflowDefinition } from '../n8n-harness/n8n-api';

export const SANDBOX_DEMO_TEXTS = {
	infoText: 'SolSwitch sandbox demo alerts. Reply HELP for help, STOP to opt out.',
	helpText: 'SolSwitch sandbox demo: no help line, this is a test. Reply STOP to opt out.',
	aideText: 'Demo du bac a sable SolSwitch : aucune ligne d\'aide, ceci est un test. Repondez ARRET pour arreter.',
} as const;

const MESSAGING_TRIGGER = 'n8n-nodes-solswitch.solSwitchMessagingTrigger';
/** The first trigger version whose INFO, HELP and AIDE are the operator's own (OWN_TEXTS_VERSION of nodes/SolSwitchMessagingTrigger/complianceAnswers.ts; a unit test compares them). */
export const OWN_TEXTS_VERSION = 1.2;

/** Fills the empty INFO, HELP and AIDE texts of the workflow's Messaging Triggers (1.2 on), in place. */
export function fillDemoTexts(workflow: WorkflowDefinition): void {
	for (const node of workflow.nodes as Array<{ type: string; typeVersion?: number; parameters?: Record<string, unknown> }>) {
		if (node.type !== MESSAGING_TRIGGER || (node.typeVersion ?? 1) < OWN_TEXTS_VERSION) continue;
		const parameters = (node.parameters ??= {});
		for (const [name, text] of Object.entries(SANDBOX_DEMO_TEXTS)) {
			if (typeof parameters[name] !== 'string' || parameters[name] === '') parameters[name] = text;
		}
	}
}
