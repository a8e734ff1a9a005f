/** A CDR leg of the unit tests: an inbound call from 4385550142 to extension 201 through DID 5145550100, unanswered, changed by `over`. */
import type { CdrLeg } from '../../nodes/SolSwitchTrigger/calls/outcome';

export const cdrLeg = (over: Partial<CdrLeg> = {}): CdrLeg => ({
	LegID: '100',
	StartTime: '2026-11-27 10:00:00',
	ConnectTime: '',
	EndTime: '2026-11-27 10:00:20',
	SourceName: 'Jean Dupuis',
	SourceNumber: '4385550142',
	DestinationName: 'Alice Martin',
	DestinationNumber: '201',
	Disposition: 'NOANSWER',
	DialedNumber: '5145550100',
	...over,
});
