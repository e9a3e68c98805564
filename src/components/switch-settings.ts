import { z } from 'zod';
import type { SettingsOf, SpecOf } from '../model/spec-types';

/**
 * `spec.components.<name>`: a component of the table that has no section of its own, switched on
 * for this environment by listing it under `components` (the table's names are in docs/guides/components.md).
 */
export const componentSwitchSchema = z.strictObject({
  layer: z.string().optional().describe("Layer it goes into. Default: the component's own default."),
  values: z.record(z.string(), z.unknown()).default({}).describe("Chart values merged over the component's defaults."),
});

export type ComponentSwitchSpec = SpecOf<typeof componentSwitchSchema>;
export type ComponentSwitch = SettingsOf<typeof componentSwitchSchema>;
