import type { VerifyCheck } from '../types';

export const providersCheck: VerifyCheck = { area: 'providers', reads: () => [], run: () => [] };
