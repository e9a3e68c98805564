/**
 * CAPMOX's kube-vip workaround for kubeadm >= 1.29, byte for byte (CAPMOX v0.9.0
 * templates/cluster-template.yaml lines 111–157, the `/etc/kube-vip-prepare.sh` file; run first by
 * `preKubeadmCommands`, line 159). `kubeadm init` writes admin.conf only after the control plane
 * is up, but kube-vip must hold the VIP before that, so on the init node the static pod mounts
 * super-admin.conf instead (https://github.com/kube-vip/kube-vip/issues/684). Its `sed` rewrites
 * the line `path: /etc/kubernetes/admin.conf` of the manifest: kubeVipManifest() writes it so.
 */
export const KUBE_VIP_PREPARE_SCRIPT = `#!/bin/bash

# Copyright 2020 The Kubernetes Authors.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

set -e

# Configure the workaround required for kubeadm init with kube-vip:
# xref: https://github.com/kube-vip/kube-vip/issues/684

# Nothing to do for kubernetes < v1.29
KUBEADM_MINOR="$(kubeadm version -o short | cut -d '.' -f 2)"
if [[ "$KUBEADM_MINOR" -lt "29" ]]; then
  exit 0
fi

IS_KUBEADM_INIT="false"

# cloud-init kubeadm init
if [[ -f /run/kubeadm/kubeadm.yaml ]]; then
  IS_KUBEADM_INIT="true"
fi

# ignition kubeadm init
if [[ -f /etc/kubeadm.sh ]] && grep -q -e "kubeadm init" /etc/kubeadm.sh; then
  IS_KUBEADM_INIT="true"
fi

if [[ "$IS_KUBEADM_INIT" == "true" ]]; then
  sed -i 's#path: /etc/kubernetes/admin.conf#path: /etc/kubernetes/super-admin.conf#' \\
    /etc/kubernetes/manifests/kube-vip.yaml
fi
`;
