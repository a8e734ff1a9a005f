/** The management functions of switch-management.md, as one sandbox module. */
import './customer';
import './did';
import './extension';
import './firewall';
import './lookups';
import './sipAccount';
import './toll';
import './trunk';
import './voicemail';

import { adminFunctions } from './functions';

export { adminStore } from './store';
export const adminModule = adminFunctions.module;
