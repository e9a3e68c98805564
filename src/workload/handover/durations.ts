import { durationSeconds } from '../../model/helm-timeout';

/** The sum of Go durations, in whole minutes where it is a whole number of them (`10m` + `5m` → `15m`). */
export function sumDurations(durations: readonly string[]): string {
  const seconds = durations.reduce((sum, d) => sum + durationSeconds(d), 0);
  return seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;
}
