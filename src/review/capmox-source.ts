import { capiProviders } from '../versions';

/** The CAPMOX release whose source the review's citations were read from (eb2360a7). */
export const CAPMOX_READ: string = 'v0.9.0';
const pinned: string = capiProviders.proxmox.version;

/**
 * A printed citation of CAPMOX's source: named as the stand-in it is while the pin differs, so a
 * reader never takes v0.9.0's code for the pinned release's.
 */
export const capmoxCitation = (where: string): string =>
  pinned === CAPMOX_READ ? `CAPMOX ${CAPMOX_READ} ${where}` : `CAPMOX ${CAPMOX_READ} source ${where}, standing in for the pinned ${pinned}`;
