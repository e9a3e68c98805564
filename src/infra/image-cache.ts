import { DataResource, TerraformIterator } from 'cdktf';
import type { Construct } from 'constructs';
import type { Catalogue } from '../model/version-overrides';

/** Where Ubuntu publishes a serial of the cloud image (derived, so a bump edits one line). */
export const cloudImageUrl = (pins: Catalogue, serial: string = pins.cloudImage.serial): string => {
  const { release } = pins.cloudImage;
  return `https://cloud-images.ubuntu.com/${release}/${serial}/${release}-server-cloudimg-amd64.img`;
};

/** The cached image's file name: one file per serial, so a bump never reuses an old download. */
export const imageFile = (pins: Catalogue, ext: string, serial: string = pins.cloudImage.serial) => `${pins.cloudImage.name}-${serial}.${ext}`;

// Downloads once per serial into the Terraform host's cache and refuses a file whose checksum
// differs; the libvirt provider then uploads the verified file into the pool.
const FETCH = [
  'set -eu',
  'if [ -f "$IMAGE" ] && echo "$SHA256  $IMAGE" | sha256sum -c --status; then exit 0; fi',
  'mkdir -p "$(dirname "$IMAGE")"',
  'curl -fsSL --retry 3 -o "$IMAGE.part" "$URL"',
  'echo "$SHA256  $IMAGE.part" | sha256sum -c --quiet',
  'mv "$IMAGE.part" "$IMAGE"',
].join('\n');

/** Where the image of a serial is cached on the Terraform host, one file per serial. */
export const imagePath = (pins: Catalogue, serial: string = pins.cloudImage.serial) => `\${pathexpand("~/.cache/k3s-gitops/images/${imageFile(pins, 'img', serial)}")}`;

/**
 * A `terraform_data` per serial, keyed by it, whose local-exec fetches and checksum-verifies
 * that image into the Terraform host's cache (`imagePath`); a base volume depending on it waits
 * for the check.
 */
export class CachedImages extends DataResource {
  public constructor(scope: Construct, id: string, pins: Catalogue, checksums: ReadonlyMap<string, string>) {
    const each = TerraformIterator.fromMap(
      Object.fromEntries([...checksums].map(([serial, sha256]) => [serial, { url: cloudImageUrl(pins, serial), sha256, path: imagePath(pins, serial) }])),
    );
    const [url, sha256, path] = [each.getString('url'), each.getString('sha256'), each.getString('path')];
    super(scope, id, {
      forEach: each,
      input: { url, sha256, path },
      // A provisioner runs only when the resource is created, and a changed `input` is an update
      // in place: a changed checksum must replace the resource, or its image would never be fetched.
      triggersReplace: { url, sha256 },
      provisioners: [{ type: 'local-exec', command: FETCH, environment: { IMAGE: path, URL: url, SHA256: sha256 } }],
    });
  }
}
