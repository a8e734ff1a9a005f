/** The table the management functions' files register into (installed by admin/index.ts's module). */
import { functionTable } from '../api';

export const adminFunctions = functionTable('admin');
