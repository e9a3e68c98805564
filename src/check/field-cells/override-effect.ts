/**
 * override-effect by hand: the pins an environment overrides (`versions`), which the README's
 * version table shows as in effect; and the chart values handed whole to a chart. Every other field
 * takes what field-matrix.ts writes: it is the environment's own value, not an override of a pin.
 */
import { applies, no, pending } from '../field-cell';
import { CHART_PINS, PROVIDER_PINS } from './pins';
import type { ClassCells } from '../field-cell';

const pin = (key: string) => pending(`an override of ${key} that the environment's own code spreads past: the README's version table shows it in effect while the tree keeps the old value`);
const PINS = [
  ...CHART_PINS.map((k) => `charts.${k}.version`),
  'gatewayApi.version', 'images.kubeVip.tag', 'images.conformanceBusybox.tag', 'cloudImage.serial', 'cloudImage.sha256', 'flux.version', 'tools.helm.version', 'tools.helm.sha256.amd64', 'tools.helm.sha256.arm64',
];
const whole = no('handed whole to its chart as the release\'s values: nothing the tool sets is spread over it');

export const OVERRIDE_EFFECT: ClassCells = {
  ...Object.fromEntries(PINS.map((key) => [`versions.${key}`, pin(`versions.${key}`)])),
  // The providers install clusterApi.providers[].version; the pins are only the defaults a fleet spreads into them.
  ...Object.fromEntries(PROVIDER_PINS.map((key) => [`versions.capiProviders.${key}.version`, applies('test/model/version-overrides.test.ts', 'versions.override-without-effect')])),
  'components.<name>.values.<name>': whole,
  'clusterApi.operatorValues.<name>': whole,
  'apps[].helm.values.<name>': whole,
};
