import { builder } from '../builder.js';
import './domain-error.js';
import './account.js';
import './company.js';
import './readiness.js';

export const schema = builder.toSchema({ sortSchema: true });
