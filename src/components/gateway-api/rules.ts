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
      if (required === undefined) {
        return [{
          path: 'versions.compatibility.ciliumGatewayApi',
          value: minor,
          message: `no Gateway API requirement is recorded for Cilium ${minor}; its Gateway support may be off for want of a CRD`,
          fix: `add '${minor}': '<release>' from Cilium ${minor}'s upgrade notes to versions.compatibility.ciliumGatewayApi`,
        }];
      }
      const pinned = semver.coerce(pins.gatewayApi.version);
      return pinned && semver.gte(pinned, semver.coerce(required)!)
        ? []
        : [{
            path: 'versions.gatewayApi.version',
            value: pins.gatewayApi.version,
            message: `Cilium ${cilium} requires Gateway API ${required} at least; with ${pins.gatewayApi.version} its operator finds a CRD missing and turns Gateway support off`,
            fix: `pin Gateway API ${required} or later in src/versions.ts`,
          }];
    },
  },
];
