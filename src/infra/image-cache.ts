import { DataResource } from 'cdktf';
import type { Construct } from 'constructs';
import type { Catalogue } from '../model/version-overrides';

/** Where Ubuntu publishes the pinned serial of the cloud image (derived, so a bump edits one line). */
export const cloudImageUrl = (pins: Catalogue): string => {
  const { release, serial } = pins.cloudImage;
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
 * A `terraform_data` whose local-exec fetches and checksum-verifies the pinned cloud image.
 * `output.path` is the verified file; reading it makes every consumer wait for the check.
 */
export class CachedImage extends DataResource {
  /** The verified file's path (see `path`). */
  private readonly file: string;

  public constructor(scope: Construct, id: string, pins: Catalogue) {
    const { sha256 } = pins.cloudImage;
    const url = cloudImageUrl(pins);
    const path = imagePath(pins);
    super(scope, id, {
      input: { url, sha256, path },
      // A provisioner runs only when the resource is created, and a changed `input` is an update
      // in place: a new serial must replace the resource, or its image would never be fetched.
      triggersReplace: { url, sha256 },
      provisioners: [{ type: 'local-exec', command: FETCH, environment: { IMAGE: path, URL: url, SHA256: sha256 } }],
    });
    this.file = path;
  }

  /**
   * The verified image file on the Terraform host, as a value known at plan time: a consumer
   * that also depends on this resource waits for the check, and a new fetch of the same file
   * (this resource replaced) changes nothing it was given (its `output` would be unknown then).
   */
  public get path(): string {
    return this.file;
  }
}
