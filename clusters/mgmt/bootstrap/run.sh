#!/usr/bin/env bash
# Cold build of mgmt, generated from environments/mgmt.ts by npm run synth (edit that file).
# The same steps as README.md in this folder. Usage: bash run.sh [--dry-run] [--list] [--from <n>] [--only <n>] [--allow-planned]
# Each command line below is a string that `run` hands to bash: it expands when it runs.
# shellcheck disable=SC2016,SC1003
set -euo pipefail
cd "$(dirname "$0")"

DRY_RUN=0 LIST=0 FROM=1 ONLY=0 ALLOW_PLANNED=0
usage() { echo 'Usage: bash run.sh [--dry-run] [--list] [--from <n>] [--only <n>] [--allow-planned]'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --list) LIST=1 ;;
    --allow-planned) ALLOW_PLANNED=1 ;;
    --from | --only)
      case "${2:-}" in ''|*[!0-9]*) echo "$1 needs a step number (1-10)" >&2; exit 2 ;; esac
      if [ "$2" -lt 1 ] || [ "$2" -gt 10 ]; then echo "$1 $2: the steps are 1-10 (bash run.sh --list)" >&2; exit 2; fi
      if [ "$1" = --from ]; then FROM=$2; else ONLY=$2; fi
      shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

# No planned servers: --allow-planned changes nothing here.
: "$ALLOW_PLANNED"

# mgmt: run from clusters/mgmt/bootstrap on a Linux workstation with ssh, curl, tar and sha256sum.
TOOLS="${XDG_CACHE_HOME:-$HOME/.cache}/k3s-gitops-synth/tools"
case "$(uname -m)" in
  x86_64 | amd64) ARCH=amd64 HELM_SHA256=86584a54def73570558f66f5111cc53dfed56689637ae32c1201205d494f54fb ;;
  aarch64 | arm64) ARCH=arm64 HELM_SHA256=31c5794dd55c66a51e6b7d2e2ac7a114ae8b1de41ff1d9ba51748ac973b06a08 ;;
  *) echo "unsupported workstation architecture: $(uname -m)" >&2; exit 1 ;;
esac
export TOOLS ARCH HELM_SHA256 PATH="$TOOLS/bin:$PATH"
# This cluster's credentials: written by the kubeconfig step, used by every kubectl and helm below.
export KUBECONFIG="$HOME/.kube/mgmt.kubeconfig"

# step <n> <title>: true when step n is selected; prints its heading.
step() {
  if [ "$LIST" -eq 1 ]; then printf "%2d. %s\n" "$1" "$2"; return 1; fi
  if [ "$ONLY" -ne 0 ] && [ "$1" -ne "$ONLY" ]; then return 1; fi
  if [ "$1" -lt "$FROM" ]; then return 1; fi
  printf "\n== %d. %s\n" "$1" "$2"
}
# run <command line>: prints it, and runs it unless --dry-run.
run() {
  printf "+ %s\n" "$1"
  if [ "$DRY_RUN" -eq 0 ]; then bash -euo pipefail -c "$1"; fi
}

if step 1 'Workstation tools (on workstation)'; then
  run 'command -v ssh curl tar sha256sum timeout >/dev/null'
  run 'mkdir -p "$TOOLS/bin"'
  run 'helm version --short 2>/dev/null | grep -q '\''^v4.3.0+'\'' || { curl -fsSLo "$TOOLS/helm.tgz" "https://get.helm.sh/helm-v4.3.0-linux-$ARCH.tar.gz" && echo "$HELM_SHA256  $TOOLS/helm.tgz" | sha256sum -c --quiet - && tar -xzf "$TOOLS/helm.tgz" -C "$TOOLS/bin" --strip-components=1 "linux-$ARCH/helm" && rm "$TOOLS/helm.tgz"; }'
  run 'kubectl version --client 2>/dev/null | grep -q '\''Client Version: v1.35.8$'\'' || { curl -fsSLo "$TOOLS/bin/kubectl" "https://dl.k8s.io/release/v1.35.8/bin/linux/$ARCH/kubectl" && echo "$(curl -fsSL "https://dl.k8s.io/release/v1.35.8/bin/linux/$ARCH/kubectl.sha256")  $TOOLS/bin/kubectl" | sha256sum -c --quiet - && chmod 0755 "$TOOLS/bin/kubectl"; }'
fi
if step 2 'Proxmox prerequisites on pv1-1 (on Proxmox host 192.168.0.8)'; then
  run ': "${PROXMOX_VE_API_TOKEN:?export PROXMOX_VE_API_TOKEN='\''user@pam!token=secret'\'' first}" "${PROXMOX_VE_SSH_USERNAME:?export PROXMOX_VE_SSH_USERNAME=root (snippet uploads go over SSH)}"'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 "$PROXMOX_VE_SSH_USERNAME@192.168.0.8" '\''pvesm status --content import'\'' | awk '\''NR > 1 { print $1 }'\'' | grep -qx local'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 "$PROXMOX_VE_SSH_USERNAME@192.168.0.8" '\''pvesm status --content snippets'\'' | awk '\''NR > 1 { print $1 }'\'' | grep -qx local'
fi
if step 3 'Adopt the running VMs (on workstation)'; then
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 "$PROXMOX_VE_SSH_USERNAME@192.168.0.8" '\''qm config 201'\'' | grep -E '\''^(net0|machine|cpu|ostype|onboot|scsi0|sshkeys):'\'' || true'
  run '(cd ../../.. && npm run deploy -- mgmt --inspect)'
  run '(cd ../../.. && npm run deploy -- mgmt --expect import=1,add=2,change=0,destroy=0)'
fi
if step 4 'Wait for cloud-init on every VM (on lab-mgmt)'; then
  run 'timeout 900 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 true 2>/dev/null; do sleep 5; done'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo cloud-init status --wait >/dev/null'\'''
fi
if step 5 'k3s on the founder, lab-mgmt (192.168.4.21) (on lab-mgmt)'; then
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''for f in /etc/rancher/k3s/config.yaml /etc/systemd/system/k3s.service /etc/systemd/system/k3s.service.env; do if sudo test -e "$f" && ! sudo test -e "$f.before-adoption"; then sudo cp -a "$f" "$f.before-adoption" && echo "kept $f as $f.before-adoption"; fi; done'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/config.yaml.next'\'' < nodes/lab-mgmt/config.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo diff -u -N --label '\''\'\'''\''/etc/rancher/k3s/config.yaml (on lab-mgmt)'\''\'\'''\'' --label '\''\'\'''\''nodes/lab-mgmt/config.yaml (this tree)'\''\'\'''\'' /etc/rancher/k3s/config.yaml /etc/rancher/k3s/config.yaml.next || [ $? -eq 1 ]'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''if systemctl cat k3s >/dev/null 2>&1; then echo "k3s.service runs: $(systemctl show k3s --property=ExecStart --value | sed -n '\''\'\'''\''s/.*argv\[\]=\([^;]*\) ;.*/\1/p'\''\'\'''\'')"; echo '\''\'\'''\''an install writes: /usr/local/bin/k3s server (every other setting from /etc/rancher/k3s/config.yaml)'\''\'\'''\''; fi'\'''
  run 'running=$(ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''k3s --version 2>/dev/null || true'\'' | awk '\''NR == 1 { print $3 }'\''); if [ "$running" = v1.35.8+k3s1 ]; then echo "lab-mgmt runs k3s $running, the pinned version: install skipped (the binary and k3s.service stay as they are)"; ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''if sudo cmp -s /etc/rancher/k3s/config.yaml /etc/rancher/k3s/config.yaml.next; then sudo rm /etc/rancher/k3s/config.yaml.next; echo '\''\'\'''\''config.yaml is unchanged: k3s not restarted'\''\'\'''\''; else sudo mv /etc/rancher/k3s/config.yaml.next /etc/rancher/k3s/config.yaml && sudo systemctl restart k3s && echo '\''\'\'''\''config.yaml changed: k3s restarted'\''\'\'''\''; fi'\''; elif [ -n "$running" ] && [ "$(printf '\''%s\n'\'' "$running" v1.35.8+k3s1 | sort -V | tail -n 1)" = "$running" ]; then echo "lab-mgmt runs k3s $running, newer than the pin v1.35.8+k3s1: nothing installed (k3s does not downgrade); pin k3s.version to $running" >&2; exit 1; else echo "lab-mgmt runs k3s ${running:-none}, older than the pin: installing v1.35.8+k3s1"; ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo mv /etc/rancher/k3s/config.yaml.next /etc/rancher/k3s/config.yaml'\'' && ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''curl -sfLo k3s-install.sh https://raw.githubusercontent.com/k3s-io/k3s/c5b158798933/install.sh && echo '\''\'\'''\''f6dd79c73ff9823378e92cfc0855e725e5dea26c91e2b0c3f80d1d59c05d5f02  k3s-install.sh'\''\'\'''\'' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=v1.35.8+k3s1 sh k3s-install.sh server'\''; fi'
  run 'timeout 300 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''\'\'''\''sudo k3s kubectl get --raw /readyz'\''\'\'''\'' >/dev/null 2>&1; do sleep 5; done'\'''
fi
if step 6 'Kubeconfig ~/.kube/mgmt.kubeconfig (context lab-mgmt) (on workstation)'; then
  run 'mkdir -p "$(dirname "$KUBECONFIG")"'
  run 'held=$(if [ -f "$KUBECONFIG" ]; then kubectl --kubeconfig "$KUBECONFIG" config view -o jsonpath='\''{range .clusters[*]}cluster {.name} {.cluster.server}{"\n"}{end}{range .contexts[*]}context {.name}{"\n"}{end}{range .users[*]}user {.name}{"\n"}{end}'\''; fi); others=$(printf '\''%s\n'\'' "$held" | grep -Fvx -e '\'''\'' -e '\''cluster lab-mgmt https://192.168.4.21:6443'\'' -e '\''context lab-mgmt'\'' -e '\''user lab-mgmt'\'' || true); if [ -n "$others" ]; then echo "$KUBECONFIG holds more than this environment'\''s cluster, context and user lab-mgmt at https://192.168.4.21:6443, and the runbook writes this file whole; move it away first, or merge into it (kubeconfig.file and kubeconfig.merge: true). It holds:" >&2; printf '\''%s\n'\'' "$others" | sed '\''s/^/  /'\'' >&2; exit 1; fi'
  run 'umask 077 && ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo cat /etc/rancher/k3s/k3s.yaml'\'' | sed -E -e '\''s#https://127\.0\.0\.1:[0-9]+#https://192.168.4.21:6443#'\'' -e '\''s/^([ -]*(name|cluster|user|current-context): )default$/\1lab-mgmt/'\'' > "$KUBECONFIG.new"'
  run 'install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG" && rm "$KUBECONFIG.new"'
  run 'kubectl get --raw /readyz'
fi
if step 7 'Verify (on workstation)'; then
  run 'kubectl wait --for=condition=Ready node --all --timeout=10m'
  run 'kubectl get nodes -o wide'
fi
if step 8 'Flux, through flux-operator (on workstation)'; then
  run 'helm upgrade --install flux-operator oci://ghcr.io/controlplaneio-fluxcd/charts/flux-operator --version 0.58.1 --namespace flux-system --create-namespace --wait --timeout 10m'
  run 'kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=../../../.age/mgmt.agekey --dry-run=client -o yaml | kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f - && kubectl -n flux-system annotate secret sops-age kubectl.kubernetes.io/last-applied-configuration-'
  run 'kubectl apply --server-side -f flux-instance.yaml'
  run 'kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system get kustomizations'
fi
if step 9 'Retire the earlier install on lab-mgmt (on workstation, then lab-mgmt)'; then
  run 'kubectl -n flux-system wait kustomization/cert-manager --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/capi-operator --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/capi-providers --for=condition=Ready --timeout=10m'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = cert-manager/flux-system || { echo '\''kube-system/cert-manager (helmchart.helm.cattle.io) is not applied by the Flux Kustomization flux-system/cert-manager'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cluster-api-operator -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-operator/flux-system || { echo '\''kube-system/cluster-api-operator (helmchart.helm.cattle.io) is not applied by the Flux Kustomization flux-system/capi-operator'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-system get coreprovider.operator.cluster.x-k8s.io cluster-api -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-system/cluster-api (coreprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-kubeadm-bootstrap-system get bootstrapprovider.operator.cluster.x-k8s.io kubeadm -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-kubeadm-bootstrap-system/kubeadm (bootstrapprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-kubeadm-control-plane-system get controlplaneprovider.operator.cluster.x-k8s.io kubeadm -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-kubeadm-control-plane-system/kubeadm (controlplaneprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capmox-system get infrastructureprovider.operator.cluster.x-k8s.io proxmox -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capmox-system/proxmox (infrastructureprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-ipam-in-cluster-system get ipamprovider.operator.cluster.x-k8s.io in-cluster -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-ipam-in-cluster-system/in-cluster (ipamprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'addon=$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='\''{.metadata.annotations.objectset\.rio\.cattle\.io/owner-name}'\''); if [ -z "$addon" ]; then echo '\''kube-system/cert-manager: no k3s manifest applies it'\''; else file=$(kubectl -n kube-system get addon.k3s.cattle.io "$addon" -o jsonpath='\''{.spec.source}'\''); case "$file" in /var/lib/rancher/k3s/server/manifests/*) ;; *) echo "k3s Addon $addon names $file, outside /var/lib/rancher/k3s/server/manifests/" >&2; exit 1 ;; esac; echo "kube-system/cert-manager: removing $file (k3s Addon $addon)"; printf '\''%s\0'\'' "$file" | ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo xargs -0 rm --force --'\''; fi'
  run 'kubectl -n kube-system patch helmchart.helm.cattle.io cert-manager --type=merge -p '\''{"metadata":{"labels":{"objectset.rio.cattle.io/hash":null},"annotations":{"objectset.rio.cattle.io/applied":null,"objectset.rio.cattle.io/id":null,"objectset.rio.cattle.io/owner-gvk":null,"objectset.rio.cattle.io/owner-name":null,"objectset.rio.cattle.io/owner-namespace":null}}}'\'''
  run 'addon=$(kubectl -n kube-system get helmchart.helm.cattle.io cluster-api-operator -o jsonpath='\''{.metadata.annotations.objectset\.rio\.cattle\.io/owner-name}'\''); if [ -z "$addon" ]; then echo '\''kube-system/cluster-api-operator: no k3s manifest applies it'\''; else file=$(kubectl -n kube-system get addon.k3s.cattle.io "$addon" -o jsonpath='\''{.spec.source}'\''); case "$file" in /var/lib/rancher/k3s/server/manifests/*) ;; *) echo "k3s Addon $addon names $file, outside /var/lib/rancher/k3s/server/manifests/" >&2; exit 1 ;; esac; echo "kube-system/cluster-api-operator: removing $file (k3s Addon $addon)"; printf '\''%s\0'\'' "$file" | ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo xargs -0 rm --force --'\''; fi'
  run 'kubectl -n kube-system patch helmchart.helm.cattle.io cluster-api-operator --type=merge -p '\''{"metadata":{"labels":{"objectset.rio.cattle.io/hash":null},"annotations":{"objectset.rio.cattle.io/applied":null,"objectset.rio.cattle.io/id":null,"objectset.rio.cattle.io/owner-gvk":null,"objectset.rio.cattle.io/owner-name":null,"objectset.rio.cattle.io/owner-namespace":null}}}'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''if sudo test -e /opt/lab-mgmt/capi-providers.yaml; then sudo shred --remove --zero /opt/lab-mgmt/capi-providers.yaml; fi; ! sudo test -e /opt/lab-mgmt/capi-providers.yaml'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.4.21 '\''sudo systemctl restart k3s'\'''
  run 'timeout 300 bash -c '\''until kubectl get --raw /readyz >/dev/null 2>&1; do sleep 5; done'\'''
  run 'kubectl wait --for=condition=Ready node/lab-mgmt --timeout=10m'
  run 'sleep 30'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = cert-manager/flux-system || { echo '\''kube-system/cert-manager (helmchart.helm.cattle.io) is not applied by the Flux Kustomization flux-system/cert-manager'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cluster-api-operator -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-operator/flux-system || { echo '\''kube-system/cluster-api-operator (helmchart.helm.cattle.io) is not applied by the Flux Kustomization flux-system/capi-operator'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-system get coreprovider.operator.cluster.x-k8s.io cluster-api -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-system/cluster-api (coreprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-kubeadm-bootstrap-system get bootstrapprovider.operator.cluster.x-k8s.io kubeadm -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-kubeadm-bootstrap-system/kubeadm (bootstrapprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-kubeadm-control-plane-system get controlplaneprovider.operator.cluster.x-k8s.io kubeadm -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-kubeadm-control-plane-system/kubeadm (controlplaneprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capmox-system get infrastructureprovider.operator.cluster.x-k8s.io proxmox -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capmox-system/proxmox (infrastructureprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n capi-ipam-in-cluster-system get ipamprovider.operator.cluster.x-k8s.io in-cluster -o jsonpath='\''{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/name}/{.metadata.labels.kustomize\.toolkit\.fluxcd\.io/namespace}'\'')" = capi-providers/flux-system || { echo '\''capi-ipam-in-cluster-system/in-cluster (ipamprovider.operator.cluster.x-k8s.io) is not applied by the Flux Kustomization flux-system/capi-providers'\'' >&2; exit 1; }'
  run 'test -z "$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='\''{.metadata.annotations.objectset\.rio\.cattle\.io/owner-name}'\'')" || { echo '\''kube-system/cert-manager is still applied from a k3s manifest'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='\''{.spec.version}'\'')" = v1.21.2 || { echo '\''kube-system/cert-manager is not at v1.21.2, the version Git pins'\'' >&2; exit 1; }'
  run 'test -z "$(kubectl -n kube-system get helmchart.helm.cattle.io cluster-api-operator -o jsonpath='\''{.metadata.annotations.objectset\.rio\.cattle\.io/owner-name}'\'')" || { echo '\''kube-system/cluster-api-operator is still applied from a k3s manifest'\'' >&2; exit 1; }'
  run 'test "$(kubectl -n kube-system get helmchart.helm.cattle.io cluster-api-operator -o jsonpath='\''{.spec.version}'\'')" = 0.28.0 || { echo '\''kube-system/cluster-api-operator is not at 0.28.0, the version Git pins'\'' >&2; exit 1; }'
fi
if step 10 'Verify the cluster against the tree (on workstation)'; then
  run 'kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/cert-manager --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/capi-operator --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/capi-providers --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/capi-clusters --for=condition=Ready --timeout=10m'
  run 'kubectl -n capi-system wait serviceaccount/capi-inspector --for=create --timeout=10m'
  run 'SERVER="$(kubectl config view --minify -o jsonpath='\''{.clusters[0].cluster.server}'\'')" && CA="$(kubectl config view --raw --minify --flatten -o jsonpath='\''{.clusters[0].cluster.certificate-authority-data}'\'')" && TOKEN="$(kubectl -n capi-system create token capi-inspector --duration=168h)" && umask 077 && mkdir -p "$(dirname "$HOME/.kube/mgmt-inspector.kubeconfig")" && printf '\''apiVersion: v1\nkind: Config\nclusters:\n- name: mgmt\n  cluster:\n    server: %s\n    certificate-authority-data: %s\nusers:\n- name: capi-inspector\n  user:\n    token: %s\ncontexts:\n- name: mgmt-inspector\n  context:\n    cluster: mgmt\n    user: capi-inspector\ncurrent-context: mgmt-inspector\n'\'' "$SERVER" "$CA" "$TOKEN" > "$HOME/.kube/mgmt-inspector.kubeconfig"'
  run 'kubectl --kubeconfig "$HOME/.kube/mgmt-inspector.kubeconfig" auth can-i list nodes >/dev/null'
  run '! kubectl --kubeconfig "$HOME/.kube/mgmt-inspector.kubeconfig" auth can-i get secrets --all-namespaces >/dev/null'
  run '! kubectl --kubeconfig "$HOME/.kube/mgmt-inspector.kubeconfig" auth can-i create deployments --all-namespaces >/dev/null'
  run 'cd ../../.. && npm run --silent verify -- --env mgmt --kubeconfig "$HOME/.kube/mgmt-inspector.kubeconfig"'
fi

if [ "$LIST" -eq 0 ] && [ "$DRY_RUN" -eq 0 ] && [ "$ONLY" -eq 0 ]; then echo "mgmt: done; Flux reconciles clusters/mgmt/kubernetes"; fi
