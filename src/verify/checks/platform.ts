import type { VerifyCheck } from '../types';

export const platformCheck: VerifyCheck = { area: 'platform', reads: () => [], run: () => [] };
