import { ciliumSection } from './cilium/settings';
import { clusterApiSection } from './cluster-api/settings';
import { defaultDenySection } from './default-deny/settings';
import { kyvernoSection } from './kyverno/settings';
import { longhornSection } from './longhorn/settings';
import { monitoringSection } from './monitoring/settings';
import { notificationsSection } from './notifications/settings';
import { tlsSection } from './tls/settings';

/**
 * The spec's component sections, by their key (`spec.longhorn`): the environment schema composes
 * their fields and resolve() their settings from here. A component with settings of its own is
 * its folder (a `settings.ts` exporting its section), its line here and its line in table.ts;
 * one without is its folder and its table line, switched on under `components`.
 */
export const COMPONENT_SECTIONS = {
  cilium: ciliumSection,
  longhorn: longhornSection,
  defaultDeny: defaultDenySection,
  kyverno: kyvernoSection,
  monitoring: monitoringSection,
  clusterApi: clusterApiSection,
  notifications: notificationsSection,
  tls: tlsSection,
} as const;

export type ComponentSections = typeof COMPONENT_SECTIONS;
