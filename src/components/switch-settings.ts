import { z } from 'zod';
import type { SettingsOf, SpecOf } from '../model/spec-types';

/**
 * `spec.components.<name>`: a component of the table that has no section of its own, switched on
 * for this environment by listing it under `components` (the table's names are in the README).
 */
export const componentSwitchSchema = z.strictObject({
  /** Layer it goes into. @default the component's own default */
  layer: z.string().optional(),
  /** Chart values merged over the component's defaults. */
  values: z.record(z.string(), z.unknown()).default({}),
});

export type ComponentSwitchSpec = SpecOf<typeof componentSwitchSchema>;
export type ComponentSwitch = SettingsOf<typeof componentSwitchSchema>;
