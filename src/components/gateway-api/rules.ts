import semver from 'semver';
import { ciliumGatewayApi, entryFor, minorOf, newestOf, sourceOf } from '../../model/compatibility';
import type { Rule } from '../../model/violation';
import * as catalogue from '../../versions';

export type Catalogue = typeof catalogue;

const ciliumMinor = (pins: Catalogue) => minorOf(pins.charts.cilium.version) ?? pins.charts.cilium.version;

/** On src/versions.ts, once per run: the Gateway API pin is one the Cilium pin works with. */
export const gatewayApiCatalogueRules: readonly Rule<Catalogue>[] = [
  {
    code: 'compat.gateway-api-cilium',
    severity: 'error',
    summary: 'the Gateway API pin is at least the release the Cilium pin requires (vendored from its upgrade notes)',
    check: (pins) => {
      const cilium = pins.charts.cilium.version;
      const required = entryFor(ciliumGatewayApi, ciliumMinor(pins))?.gatewayApi;
      // A Cilium minor the data does not cover is the warning below, not a guess here.
      if (required === undefined) return [];
      const pinned = semver.coerce(pins.gatewayApi.version);
      return pinned && semver.gte(pinned, semver.coerce(required)!)
        ? []
        : [{
            path: 'versions.gatewayApi.version',
            value: pins.gatewayApi.version,
            message: `Cilium ${cilium} requires Gateway API ${required} at least (${sourceOf(ciliumGatewayApi.source, ciliumGatewayApi.file)}); with ${pins.gatewayApi.version} its operator finds a CRD missing and turns Gateway support off`,
            fix: `pin Gateway API ${required} or later`,
          }];
    },
  },
  {
    code: 'compat.gateway-api-cilium-unknown',
    severity: 'warning',
    summary: "the tool's vendored data covers the Cilium pin's minor (a pin it does not cover cannot be judged)",
    check: (pins) => {
      const minor = ciliumMinor(pins);
      return entryFor(ciliumGatewayApi, minor) !== undefined
        ? []
        : [{
            path: 'versions.charts.cilium.version',
            value: pins.charts.cilium.version,
            message: `the compatibility data, ${sourceOf(ciliumGatewayApi.source, ciliumGatewayApi.file)}, records no Gateway API requirement for Cilium ${minor} (its newest is ${newestOf(ciliumGatewayApi)}), so the Gateway API pin ${pins.gatewayApi.version} is not judged against it`,
            fix: `pin a Cilium release of ${newestOf(ciliumGatewayApi)} or older, or bump k3s-gitops-synth to a release whose vendored data covers Cilium ${minor}`,
          }];
    },
  },
];
