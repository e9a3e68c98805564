/**
 * override-effect by hand: the pins an environment overrides (`versions`), which the README's
 * version table shows as in effect; and the chart values handed whole to a chart. Every other field
 * takes what field-matrix.ts writes: it is the environment's own value, not an override of a pin.
 */
import { applies, no } from '../field-cell';
import { CHART_PINS, PROVIDER_PINS } from './pins';
import type { ClassCells } from '../field-cell';

// Code that spreads the catalogue past an override leaves the spec one value for the pin: the one
// the tree renders, and the version table reads the pins as rendered (src/model/rendered-pins.ts).
const pin = (key: string) => no(`no other field of the spec sets ${key}: the tree renders the value the environment holds, and the README's version table reads the pins as rendered`);
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
