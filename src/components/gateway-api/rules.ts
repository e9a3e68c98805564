import semver from 'semver';
import { minorOf } from '../cluster-api/rules';
import type { Rule } from '../../model/violation';
import * as catalogue from '../../versions';

export type Catalogue = typeof catalogue;

/** On src/versions.ts, once per run: the Gateway API pin is one the Cilium pin works with. */
export const gatewayApiCatalogueRules: readonly Rule<Catalogue>[] = [
  {
    code: 'compat.gateway-api-cilium',
    severity: 'error',
    summary: 'the Gateway API pin is at least the release the Cilium pin requires',
    check: (pins) => {
      const cilium = pins.charts.cilium.version;
      const minor = minorOf(cilium) ?? cilium;
      const required = pins.compatibility.ciliumGatewayApi[minor];
      // A Cilium minor the data does not cover is the warning below, not a guess here.
      if (required === undefined) return [];
      const pinned = semver.coerce(pins.gatewayApi.version);
      return pinned && semver.gte(pinned, semver.coerce(required)!)
        ? []
        : [{
            path: 'versions.gatewayApi.version',
            value: pins.gatewayApi.version,
            message: `Cilium ${cilium} requires Gateway API ${required} at least; with ${pins.gatewayApi.version} its operator finds a CRD missing and turns Gateway support off`,
            fix: `pin Gateway API ${required} or later`,
          }];
    },
  },
  {
    code: 'compat.gateway-api-cilium-unknown',
    severity: 'warning',
    summary: 'the compatibility data covers the Cilium pin (a pin it does not cover cannot be judged)',
    check: (pins) => {
      const minor = minorOf(pins.charts.cilium.version) ?? pins.charts.cilium.version;
      return pins.compatibility.ciliumGatewayApi[minor] !== undefined
        ? []
        : [{
            path: 'versions.compatibility.ciliumGatewayApi',
            value: minor,
            message: `no Gateway API requirement is recorded for Cilium ${minor}, so the Gateway API pin ${pins.gatewayApi.version} is not judged against it; its Gateway support may be off for want of a CRD`,
            fix: `add '${minor}': '<release>' from Cilium ${minor}'s upgrade notes under versions.compatibility.ciliumGatewayApi (the environment's versions, or the tool's src/versions.ts)`,
          }];
    },
  },
];
