/** The management functions of switch-management.md; importing this registers their handlers. */
import './customer';
import './did';
import './extension';
import './firewall';
import './lookups';
import './sipAccount';
import './toll';
import './trunk';
import './voicemail';

export { adminStore } from './store';
