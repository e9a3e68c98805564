import type { VerifyCheck } from '../types';

export const fluxCheck: VerifyCheck = { area: 'flux', reads: () => [], run: () => [] };
