package main

// The Kubernetes half: builds infra/k8s/base and each overlay with the Kustomize Go API (what
// `kubectl apply -k` runs), decodes every object strictly into the k8s.io/api types (unknown or
// duplicate fields and wrong types are errors, as the API server's strict field validation
// says), then checks what the manifests promise: probes, requests and limits, non-root pods, an
// HPA and a PDB per service, the NetworkPolicies that leave the services to the gateway, and
// secrets only by reference. No cluster is needed.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/dotenv"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

const (
	k8sSecretName   = "fairway-mind-secrets"
	k8sNamespace    = "fairway-mind"
	k8sConfigName   = "fairway-mind-config"
	monitoringLabel = "fairway-mind.io/monitoring"
	k8sAppEnv       = "infra/k8s/base/app.env"
)

// Variables that are secrets: only ever a secretKeyRef (a literal value only in the local
// overlay's development Secret). Production adds the store URLs, which carry credentials.
var k8sSecretVars = []string{"SESSION_KEYS", "JWT_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY", "SMTP_URL"}

// .env.example variables that are not in the base ConfigMap: the secrets, the store URLs and
// STRIPE_API_BASE (per overlay), the service-to-service addresses (*_INTERNAL_URL: the
// Deployment that calls sets them to the Service names), and the launcher's own knobs.
func k8sConfigExcluded(name string) bool {
	return slices.Contains(k8sSecretVars, name) || name == "MONGO_URL" || name == "REDIS_URL" ||
		name == "STRIPE_API_BASE" || name == "SMTP_SINK_HTTP_PORT" || strings.HasSuffix(name, "_INTERNAL_URL") ||
		strings.HasPrefix(name, "FM_") || strings.HasPrefix(name, "GATEWAY_")
}

type k8sVariant struct {
	label string
	path  string // the kustomization directory, relative to the project dir (or absolute)
	kind  string // base, local or production
}

var k8sVariants = []k8sVariant{
	{label: "k8s base", path: "infra/k8s/base", kind: "base"},
	{label: "k8s local", path: "infra/k8s/overlays/local", kind: "local"},
	{label: "k8s production", path: "infra/k8s/overlays/production", kind: "production"},
}

// k8sObjects is one built kustomization, decoded.
type k8sObjects struct {
	deployments  []*appsv1.Deployment
	statefulSets []*appsv1.StatefulSet
	jobs         []*batchv1.Job
	services     []*corev1.Service
	configMaps   []*corev1.ConfigMap
	secrets      []*corev1.Secret
	hpas         []*autoscalingv2.HorizontalPodAutoscaler
	pdbs         []*policyv1.PodDisruptionBudget
	netpols      []*networkingv1.NetworkPolicy
	ingresses    []*networkingv1.Ingress
}

// workload is a pod template with the name and kind of what owns it.
type workload struct {
	kind, name string
	pod        *corev1.PodTemplateSpec
}

func (o *k8sObjects) workloads() []workload {
	var out []workload
	for _, d := range o.deployments {
		out = append(out, workload{"Deployment", d.Name, &d.Spec.Template})
	}
	for _, s := range o.statefulSets {
		out = append(out, workload{"StatefulSet", s.Name, &s.Spec.Template})
	}
	for _, j := range o.jobs {
		out = append(out, workload{"Job", j.Name, &j.Spec.Template})
	}
	return out
}

func (o *k8sObjects) deployment(name string) *appsv1.Deployment {
	for _, d := range o.deployments {
		if d.Name == name {
			return d
		}
	}
	return nil
}

var k8sDecoder = func() runtime.Decoder {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		corev1.AddToScheme, appsv1.AddToScheme, batchv1.AddToScheme, autoscalingv2.AddToScheme,
		policyv1.AddToScheme, networkingv1.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			panic(err)
		}
	}
	return json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme, scheme,
		json.SerializerOptions{Yaml: true, Strict: true})
}()

// buildK8s runs kustomize on dir (as `kubectl kustomize` does: files outside it refused) and
// decodes each object; decoding problems are returned per object, a failed build as err.
func buildK8s(dir string) (*k8sObjects, []string, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resMap, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, nil, err
	}
	objs := &k8sObjects{}
	var problems []string
	for _, res := range resMap.Resources() {
		id := res.CurId().String()
		if res.GetKind() != "Namespace" && res.GetNamespace() != k8sNamespace {
			problems = append(problems, fmt.Sprintf("%s: in namespace %q, not %s (an overlay without `namespace:` leaves its own objects outside, and kustomize then rewrites no reference to them)", id, res.GetNamespace(), k8sNamespace))
		}
		data, err := res.AsYAML()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", id, err))
			continue
		}
		obj, _, err := k8sDecoder.Decode(data, nil, nil)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", id, err))
			continue
		}
		switch o := obj.(type) {
		case *appsv1.Deployment:
			objs.deployments = append(objs.deployments, o)
		case *appsv1.StatefulSet:
			objs.statefulSets = append(objs.statefulSets, o)
		case *batchv1.Job:
			objs.jobs = append(objs.jobs, o)
		case *corev1.Service:
			objs.services = append(objs.services, o)
		case *corev1.ConfigMap:
			objs.configMaps = append(objs.configMaps, o)
		case *corev1.Secret:
			objs.secrets = append(objs.secrets, o)
		case *autoscalingv2.HorizontalPodAutoscaler:
			objs.hpas = append(objs.hpas, o)
		case *policyv1.PodDisruptionBudget:
			objs.pdbs = append(objs.pdbs, o)
		case *networkingv1.NetworkPolicy:
			objs.netpols = append(objs.netpols, o)
		case *networkingv1.Ingress:
			objs.ingresses = append(objs.ingresses, o)
		case *corev1.Namespace:
		default:
			problems = append(problems, fmt.Sprintf("%s: a kind the checker does not know (%T); add it to k8s.go", id, obj))
		}
	}
	return objs, problems, nil
}

// checkK8s builds one kustomization and runs every check on it.
func checkK8s(dir string, v k8sVariant) []result {
	path := v.path
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	built := result{name: v.label + ": kustomize build, every object strictly decoded into the k8s.io/api types"}
	objs, problems, err := buildK8s(path)
	if err != nil {
		built.problems = []string{err.Error()}
		return []result{built}
	}
	built.problems = problems
	prerenderDir, _ := gatewayImagePrerender(filepath.Join(dir, gatewayDockerfile)) // its problems: checkK8sShared
	results := []result{
		built,
		{"every Deployment/StatefulSet container has a readiness and a liveness probe", checkProbes(objs)},
		{"every container has CPU and memory requests and limits", checkResources(objs)},
		{"every pod runs as non-root (runAsNonRoot, runAsUser > 0, no privilege escalation, ALL capabilities dropped, seccomp RuntimeDefault, read-only root filesystem)", checkNonRoot(objs)},
		{"each service (" + strings.Join(scalable, ", ") + ") and the gateway has a Deployment, a Service, an autoscaling/v2 HPA on it and a PodDisruptionBudget over its pods", checkScaling(objs)},
		{"NetworkPolicies: default deny; only the gateway (auth for the member export, Prometheus from the monitoring namespace) reaches the services", checkNetworkPolicies(objs)},
		{"every secretKeyRef names " + k8sSecretName + " (or the Secret the build generates, and a key it has); no secret variable holds a literal value or sits in a ConfigMap", checkSecretRefs(objs, v.kind)},
		{"the images are the compose ones (fairway-mind/<service>; the seed runs content's)", checkImages(objs)},
		{"content does not serve before the catalogue is seeded: an initContainer runs `dist/seed.js --wait` in content's image, with the seed Job's configuration", checkSeedWait(objs)},
		{"the gateway prerenders before nginx: " + prerenderHook + " then the watcher " + watchHook + ", SITE_ORIGIN and REDIS_PREFIX from the ConfigMap, REDIS_URL, FM_PRERENDER_API on content's qualified name, an emptyDir at FM_PRERENDER_DIR, a startupProbe", checkGatewayPrerender(objs, prerenderDir)},
	}
	switch v.kind {
	case "base", "production":
		results = append(results, result{"no Secret object (the operator creates " + k8sSecretName + ")", checkNoSecrets(objs)})
	}
	switch v.kind {
	case "production":
		results = append(results, result{"NODE_ENV=production, no STRIPE_API_BASE, MONGO_URL/REDIS_URL from the Secret, a TLS Ingress to the gateway", checkProduction(objs)})
	case "local":
		results = append(results, result{"NODE_ENV=development; MongoDB and Redis StatefulSets with volume claims; stripe-mock and the SMTP sink, used by the services", checkLocal(objs)})
	}
	for i := 1; i < len(results); i++ {
		results[i].name = v.label + ": " + results[i].name
	}
	return results
}

// ---- the checks ---------------------------------------------------------------------------

func allContainers(pod *corev1.PodTemplateSpec) []corev1.Container {
	return append(slices.Clone(pod.Spec.InitContainers), pod.Spec.Containers...)
}

func checkProbes(o *k8sObjects) []string {
	var out []string
	for _, w := range o.workloads() {
		if w.kind == "Job" {
			continue
		}
		for _, c := range w.pod.Spec.Containers {
			if c.ReadinessProbe == nil {
				out = append(out, fmt.Sprintf("%s %s: container %s has no readinessProbe", w.kind, w.name, c.Name))
			}
			if c.LivenessProbe == nil {
				out = append(out, fmt.Sprintf("%s %s: container %s has no livenessProbe", w.kind, w.name, c.Name))
			}
		}
	}
	return out
}

func checkResources(o *k8sObjects) []string {
	var out []string
	for _, w := range o.workloads() {
		for _, c := range allContainers(w.pod) {
			for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
				if _, ok := c.Resources.Requests[r]; !ok {
					out = append(out, fmt.Sprintf("%s %s: container %s has no %s request", w.kind, w.name, c.Name, r))
				}
				if _, ok := c.Resources.Limits[r]; !ok {
					out = append(out, fmt.Sprintf("%s %s: container %s has no %s limit", w.kind, w.name, c.Name, r))
				}
			}
		}
	}
	return out
}

func checkNonRoot(o *k8sObjects) []string {
	var out []string
	for _, w := range o.workloads() {
		pod := w.pod.Spec.SecurityContext
		if pod == nil {
			pod = &corev1.PodSecurityContext{}
		}
		for _, c := range allContainers(w.pod) {
			sc := c.SecurityContext
			if sc == nil {
				sc = &corev1.SecurityContext{}
			}
			where := fmt.Sprintf("%s %s: container %s", w.kind, w.name, c.Name)
			nonRoot := sc.RunAsNonRoot
			if nonRoot == nil {
				nonRoot = pod.RunAsNonRoot
			}
			if nonRoot == nil || !*nonRoot {
				out = append(out, where+": runAsNonRoot is not true")
			}
			user := sc.RunAsUser
			if user == nil {
				user = pod.RunAsUser
			}
			if user == nil || *user == 0 {
				out = append(out, where+": no runAsUser above 0 (the kubelet cannot check a named image USER)")
			}
			if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
				out = append(out, where+": allowPrivilegeEscalation is not false")
			}
			if sc.Privileged != nil && *sc.Privileged {
				out = append(out, where+": privileged")
			}
			if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
				out = append(out, where+": capabilities do not drop ALL")
			} else if len(sc.Capabilities.Add) > 0 {
				out = append(out, fmt.Sprintf("%s: adds capabilities %v", where, sc.Capabilities.Add))
			}
			seccomp := sc.SeccompProfile
			if seccomp == nil {
				seccomp = pod.SeccompProfile
			}
			if seccomp == nil || seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault {
				out = append(out, where+": seccompProfile is not RuntimeDefault")
			}
			if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
				out = append(out, where+": root filesystem is writable (readOnlyRootFilesystem: true, emptyDir for what it writes)")
			}
		}
	}
	return out
}

func selects(sel *metav1.LabelSelector, podLabels map[string]string) bool {
	if sel == nil {
		return false
	}
	s, err := metav1.LabelSelectorAsSelector(sel)
	return err == nil && s.Matches(labels.Set(podLabels))
}

func checkScaling(o *k8sObjects) []string {
	var out []string
	for _, name := range append(slices.Clone(scalable), gateway) {
		d := o.deployment(name)
		if d == nil {
			out = append(out, "no Deployment "+name)
			continue
		}
		podLabels := d.Spec.Template.Labels
		if !selects(d.Spec.Selector, podLabels) {
			out = append(out, fmt.Sprintf("Deployment %s: its selector does not match its pod labels", name))
		}
		if d.Spec.Replicas != nil {
			out = append(out, fmt.Sprintf("Deployment %s: sets replicas (the HPA owns the count; an apply would reset it)", name))
		}
		if !slices.ContainsFunc(o.services, func(s *corev1.Service) bool {
			return s.Name == name && len(s.Spec.Selector) > 0 && labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(podLabels))
		}) {
			out = append(out, fmt.Sprintf("no Service %s selecting the pods of Deployment %s", name, name))
		}
		if !slices.ContainsFunc(o.hpas, func(h *autoscalingv2.HorizontalPodAutoscaler) bool {
			t := h.Spec.ScaleTargetRef
			return t.Kind == "Deployment" && t.Name == name && t.APIVersion == "apps/v1" && h.Spec.MaxReplicas > 0
		}) {
			out = append(out, fmt.Sprintf("no autoscaling/v2 HorizontalPodAutoscaler on Deployment %s", name))
		}
		if !slices.ContainsFunc(o.pdbs, func(p *policyv1.PodDisruptionBudget) bool {
			return selects(p.Spec.Selector, podLabels)
		}) {
			out = append(out, fmt.Sprintf("no PodDisruptionBudget selecting the pods of Deployment %s", name))
		}
	}
	return out
}

// checkNetworkPolicies: a default-deny policy for every pod, both directions; every ingress
// rule that admits traffic to a service's pods names its peers, and those are the gateway's
// pods, auth's (to courses, billing, contact: the member export) or the monitoring namespace;
// the gateway is allowed to reach each service, and out to it.
func checkNetworkPolicies(o *k8sObjects) []string {
	var out []string
	defaultDeny := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		s := np.Spec
		return len(s.PodSelector.MatchLabels) == 0 && len(s.PodSelector.MatchExpressions) == 0 &&
			slices.Contains(s.PolicyTypes, networkingv1.PolicyTypeIngress) &&
			slices.Contains(s.PolicyTypes, networkingv1.PolicyTypeEgress) &&
			len(s.Ingress) == 0 && len(s.Egress) == 0
	})
	if !defaultDeny {
		out = append(out, "no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)")
	}
	pods := map[string]map[string]string{}
	for _, w := range o.workloads() {
		pods[w.name] = w.pod.Labels
	}
	gw := o.deployment(gateway)
	for _, svc := range scalable {
		d := o.deployment(svc)
		if d == nil || gw == nil {
			continue // checkScaling says so
		}
		allowed := []string{gateway}
		if svc == "courses" || svc == "billing" || svc == "contact" {
			allowed = append(allowed, "auth")
		}
		gatewayIn := false
		for _, np := range o.netpols {
			if !selects(&np.Spec.PodSelector, d.Spec.Template.Labels) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
				continue
			}
			for i, rule := range np.Spec.Ingress {
				where := fmt.Sprintf("NetworkPolicy %s ingress rule %d (applies to %s)", np.Name, i, svc)
				if len(rule.From) == 0 {
					out = append(out, where+": admits every source")
					continue
				}
				for _, peer := range rule.From {
					switch {
					case peer.IPBlock != nil:
						out = append(out, where+": admits an ipBlock")
					case peer.NamespaceSelector != nil:
						if peer.NamespaceSelector.MatchLabels[monitoringLabel] != "true" || peer.PodSelector != nil {
							out = append(out, fmt.Sprintf("%s: admits namespaces other than those labelled %s=true", where, monitoringLabel))
						}
					case peer.PodSelector != nil:
						for name, l := range pods {
							if selects(peer.PodSelector, l) {
								if !slices.Contains(allowed, name) {
									out = append(out, fmt.Sprintf("%s: admits the pods of %s", where, name))
								} else if name == gateway {
									gatewayIn = true
								}
							}
						}
					}
				}
			}
		}
		if !gatewayIn {
			out = append(out, fmt.Sprintf("no NetworkPolicy lets the gateway reach %s", svc))
		}
		gatewayOut := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
			if !selects(&np.Spec.PodSelector, gw.Spec.Template.Labels) {
				return false
			}
			return slices.ContainsFunc(np.Spec.Egress, func(r networkingv1.NetworkPolicyEgressRule) bool {
				return len(r.To) == 0 || slices.ContainsFunc(r.To, func(p networkingv1.NetworkPolicyPeer) bool {
					return p.NamespaceSelector == nil && p.IPBlock == nil && selects(p.PodSelector, d.Spec.Template.Labels)
				})
			})
		})
		if !gatewayOut {
			out = append(out, fmt.Sprintf("no NetworkPolicy lets the gateway out to %s", svc))
		}
	}
	// The gateway's prerender watcher subscribes to content's catalogue announcements on Redis.
	if gw != nil && !slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		return selects(&np.Spec.PodSelector, gw.Spec.Template.Labels) && slices.ContainsFunc(np.Spec.Egress, func(r networkingv1.NetworkPolicyEgressRule) bool {
			return slices.ContainsFunc(r.Ports, func(p networkingv1.NetworkPolicyPort) bool {
				return p.Port != nil && p.Port.IntValue() == 6379
			})
		})
	}) {
		out = append(out, "no NetworkPolicy lets the gateway out to Redis (6379: its prerender watcher)")
	}
	return out
}

func checkSecretRefs(o *k8sObjects, kind string) []string {
	var out []string
	secretVars := slices.Clone(k8sSecretVars)
	if kind == "production" {
		secretVars = append(secretVars, "MONGO_URL", "REDIS_URL")
	}
	for _, w := range o.workloads() {
		for _, c := range allContainers(w.pod) {
			for _, e := range c.Env {
				where := fmt.Sprintf("%s %s: container %s: %s", w.kind, w.name, c.Name, e.Name)
				if ref := secretRef(e); ref != nil {
					// The operator's Secret (none in the build), or the one the build holds (the local
					// overlay's generated one, whose hashed name kustomize writes into each ref).
					if len(o.secrets) == 0 && ref.Name != k8sSecretName {
						out = append(out, fmt.Sprintf("%s: refers to Secret %s, not %s", where, ref.Name, k8sSecretName))
					}
					if len(o.secrets) > 0 {
						i := slices.IndexFunc(o.secrets, func(s *corev1.Secret) bool { return s.Name == ref.Name })
						if i < 0 {
							out = append(out, fmt.Sprintf("%s: refers to Secret %s, which the build does not hold", where, ref.Name))
						} else if _, ok := o.secrets[i].Data[ref.Key]; !ok {
							if _, ok := o.secrets[i].StringData[ref.Key]; !ok {
								out = append(out, fmt.Sprintf("%s: Secret %s has no key %s", where, ref.Name, ref.Key))
							}
						}
					}
				}
				if slices.Contains(secretVars, e.Name) && (e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil) {
					out = append(out, where+": set without a secretKeyRef")
				}
			}
			for _, from := range c.EnvFrom {
				if from.SecretRef != nil {
					out = append(out, fmt.Sprintf("%s %s: container %s: envFrom a Secret (name the keys with secretKeyRef)", w.kind, w.name, c.Name))
				}
			}
		}
	}
	for _, cm := range o.configMaps {
		for _, name := range secretVars {
			if _, ok := cm.Data[name]; ok {
				out = append(out, fmt.Sprintf("ConfigMap %s holds %s", cm.Name, name))
			}
		}
	}
	return out
}

func secretRef(e corev1.EnvVar) *corev1.SecretKeySelector {
	if e.ValueFrom == nil {
		return nil
	}
	return e.ValueFrom.SecretKeyRef
}

func checkNoSecrets(o *k8sObjects) []string {
	var out []string
	for _, s := range o.secrets {
		out = append(out, fmt.Sprintf("Secret %s is in the build (keys %v)", s.Name, slices.Sorted(func(yield func(string) bool) {
			for k := range s.Data {
				if !yield(k) {
					return
				}
			}
			for k := range s.StringData {
				if !yield(k) {
					return
				}
			}
		})))
	}
	return out
}

// imageRepo is an image reference without registry host and tag: fairway-mind/auth.
func imageRepo(image string) string {
	if i := strings.LastIndex(image, "@"); i >= 0 {
		image = image[:i]
	}
	if i := strings.LastIndex(image, ":"); i > strings.LastIndex(image, "/") {
		image = image[:i]
	}
	return image
}

func checkImages(o *k8sObjects) []string {
	var out []string
	want := map[string]string{"seed": "fairway-mind/content", gateway: "fairway-mind/gateway"}
	for _, s := range scalable {
		want[s] = "fairway-mind/" + s
	}
	for _, w := range o.workloads() {
		img, ok := want[w.name]
		if !ok {
			continue
		}
		for _, c := range allContainers(w.pod) {
			repo := imageRepo(c.Image)
			if repo != img && !strings.HasSuffix(repo, "/"+img) {
				out = append(out, fmt.Sprintf("%s %s: container %s runs %s, not %s", w.kind, w.name, c.Name, c.Image, img))
			}
		}
	}
	return out
}

// checkSeedWait: content's pods start with an initContainer that waits for the seed (`seed.js
// --wait`: until the seed of the same catalogue version has run), in the seed Job's image and
// with its ConfigMap, so both compute the same version; the Job exists.
func checkSeedWait(o *k8sObjects) []string {
	var job *batchv1.Job
	for _, j := range o.jobs {
		if j.Name == "seed" {
			job = j
		}
	}
	d := o.deployment("content")
	if job == nil || d == nil || len(job.Spec.Template.Spec.Containers) == 0 {
		return []string{"no seed Job or no content Deployment"}
	}
	seed := job.Spec.Template.Spec.Containers[0]
	configMaps := func(c corev1.Container) []string {
		var names []string
		for _, from := range c.EnvFrom {
			if from.ConfigMapRef != nil {
				names = append(names, from.ConfigMapRef.Name)
			}
		}
		return names
	}
	for _, c := range d.Spec.Template.Spec.InitContainers {
		if !slices.Equal(c.Command, []string{"node", "dist/seed.js", "--wait"}) {
			continue
		}
		var out []string
		if c.Image != seed.Image {
			out = append(out, fmt.Sprintf("Deployment content: initContainer %s runs %s, the seed Job %s", c.Name, c.Image, seed.Image))
		}
		if !slices.Equal(configMaps(c), configMaps(seed)) {
			out = append(out, fmt.Sprintf("Deployment content: initContainer %s reads the ConfigMaps %v, the seed Job %v (the catalogue version depends on the price settings)", c.Name, configMaps(c), configMaps(seed)))
		}
		return out
	}
	return []string{"Deployment content: no initContainer running `node dist/seed.js --wait` (content would serve before the seed Job has loaded the catalogue)"}
}

func configValue(o *k8sObjects, key string) (string, bool) {
	for _, cm := range o.configMaps {
		if strings.HasPrefix(cm.Name, k8sConfigName) {
			v, ok := cm.Data[key]
			return v, ok
		}
	}
	return "", false
}

func appContainers(o *k8sObjects) []struct {
	where string
	c     corev1.Container
} {
	var out []struct {
		where string
		c     corev1.Container
	}
	for _, w := range o.workloads() {
		if !slices.Contains(scalable, w.name) && w.name != "seed" {
			continue
		}
		for _, c := range allContainers(w.pod) {
			out = append(out, struct {
				where string
				c     corev1.Container
			}{fmt.Sprintf("%s %s", w.kind, w.name), c})
		}
	}
	return out
}

func checkProduction(o *k8sObjects) []string {
	var out []string
	if v, ok := configValue(o, "NODE_ENV"); v != "production" {
		out = append(out, fmt.Sprintf("ConfigMap NODE_ENV=%q (set: %v)", v, ok))
	}
	if v, ok := configValue(o, "STRIPE_API_BASE"); ok {
		out = append(out, fmt.Sprintf("ConfigMap sets STRIPE_API_BASE=%q (production refuses it; real Stripe)", v))
	}
	for _, a := range appContainers(o) {
		names := map[string]bool{}
		for _, e := range a.c.Env {
			names[e.Name] = e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil
			if e.Name == "STRIPE_API_BASE" || e.Name == "NODE_ENV" {
				out = append(out, fmt.Sprintf("%s sets %s in its env", a.where, e.Name))
			}
		}
		for _, n := range []string{"MONGO_URL", "REDIS_URL"} {
			if !names[n] {
				out = append(out, fmt.Sprintf("%s: %s does not come from the Secret", a.where, n))
			}
		}
	}
	// The gateway's prerender watcher: the same Redis, whose URL carries its password.
	if gw := o.deployment(gateway); gw != nil {
		for _, c := range gw.Spec.Template.Spec.Containers {
			for _, e := range c.Env {
				if e.Name == "REDIS_URL" && (e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil || e.ValueFrom.ConfigMapKeyRef != nil) {
					out = append(out, fmt.Sprintf("Deployment gateway: container %s: REDIS_URL does not come from the Secret", c.Name))
				}
			}
		}
	}
	tls := slices.ContainsFunc(o.ingresses, func(in *networkingv1.Ingress) bool {
		if len(in.Spec.TLS) == 0 || in.Spec.TLS[0].SecretName == "" {
			return false
		}
		for _, r := range in.Spec.Rules {
			if r.HTTP == nil {
				continue
			}
			for _, p := range r.HTTP.Paths {
				if p.Backend.Service != nil && p.Backend.Service.Name == gateway && slices.Contains(in.Spec.TLS[0].Hosts, r.Host) {
					return true
				}
			}
		}
		return false
	})
	if !tls {
		out = append(out, "no Ingress with TLS (hosts and secretName) routing its host to the gateway Service")
	}
	return out
}

func checkLocal(o *k8sObjects) []string {
	var out []string
	if v, _ := configValue(o, "NODE_ENV"); v != "development" {
		out = append(out, fmt.Sprintf("ConfigMap NODE_ENV=%q", v))
	}
	for _, store := range []string{"mongo", "redis"} {
		if !slices.ContainsFunc(o.statefulSets, func(s *appsv1.StatefulSet) bool {
			return s.Name == store && len(s.Spec.VolumeClaimTemplates) > 0
		}) {
			out = append(out, "no StatefulSet "+store+" with a volumeClaimTemplate")
		}
	}
	for _, d := range []string{stripeMock, smtpSink} {
		if o.deployment(d) == nil {
			out = append(out, "no Deployment "+d)
		}
	}
	for key, host := range map[string]string{"MONGO_URL": "mongo", "REDIS_URL": "redis", "STRIPE_API_BASE": stripeMock} {
		if v, _ := configValue(o, key); !strings.Contains(v, "://"+host+":") {
			out = append(out, fmt.Sprintf("ConfigMap %s=%q does not name the in-cluster %s", key, v, host))
		}
	}
	smtp := ""
	for _, s := range o.secrets {
		if strings.HasPrefix(s.Name, k8sSecretName) {
			smtp = string(s.Data["SMTP_URL"]) + s.StringData["SMTP_URL"]
		}
	}
	if !strings.Contains(smtp, "://"+smtpSink+":") {
		out = append(out, fmt.Sprintf("the development Secret's SMTP_URL=%q does not name %s", smtp, smtpSink))
	}
	return out
}

// ---- once per run: what the manifests share with the rest of the repository ---------------

// checkK8sShared: the base ConfigMap's variables follow .env.example, and the gateway's
// start-up rewrite still finds its lines in gateway/render.js's compose rendering.
func checkK8sShared(_ context.Context, dir string) []result {
	return []result{
		{"k8s: " + k8sAppEnv + " holds .env.example's variables and values (minus secrets, store URLs, STRIPE_API_BASE, *_INTERNAL_URL, launcher knobs)", checkAppEnv(dir)},
		{"gateway image: installs node, runs " + prerenderScript + " as " + prerenderHook + " and " + watchScript + " as " + watchHook + " (before nginx), sets FM_PRERENDER_DIR", gatewayImageProblems(dir)},
		{"k8s: the gateway Deployment's start-up rewrite (cluster DNS resolver, qualified service names) matches gateway/render.js --mode compose", checkGatewayRewrite(dir)},
	}
}

func gatewayImageProblems(dir string) []string {
	_, problems := gatewayImagePrerender(filepath.Join(dir, gatewayDockerfile))
	return problems
}

func checkAppEnv(dir string) []string {
	example, err := dotenv.Read(filepath.Join(dir, ".env.example"))
	if err != nil {
		return []string{err.Error()}
	}
	objs, _, err := buildK8s(filepath.Join(dir, "infra/k8s/base"))
	if err != nil {
		return []string{err.Error()}
	}
	var data map[string]string
	for _, cm := range objs.configMaps {
		if strings.HasPrefix(cm.Name, k8sConfigName) {
			data = cm.Data
		}
	}
	if data == nil {
		return []string{"the base build has no ConfigMap " + k8sConfigName}
	}
	var out []string
	for _, k := range slices.Sorted(mapKeys(example)) {
		if k8sConfigExcluded(k) {
			continue
		}
		got, ok := data[k]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s is in .env.example but not in %s (add it, or exclude it in k8s.go if it is a secret or a launcher knob)", k, k8sAppEnv))
		case got != example[k]:
			out = append(out, fmt.Sprintf("%s=%q in %s, %q in .env.example", k, got, k8sAppEnv, example[k]))
		}
	}
	for _, k := range slices.Sorted(mapKeys(data)) {
		if _, ok := example[k]; !ok || k8sConfigExcluded(k) {
			out = append(out, fmt.Sprintf("%s is in %s but not among .env.example's non-secret variables", k, k8sAppEnv))
		}
	}
	return out
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// The lines gateway.yaml's start-up script rewrites (it checks for the same ones with grep -F).
var gatewayRewriteTargets = []string{"resolver 127.0.0.11 ", "http://auth:", "http://content:", "http://courses:", "http://contact:", "http://billing:"}

func checkGatewayRewrite(dir string) []string {
	var out []string
	script, err := os.ReadFile(filepath.Join(dir, "infra/k8s/base/gateway.yaml"))
	if err != nil {
		return []string{err.Error()}
	}
	for _, t := range gatewayRewriteTargets {
		if !strings.Contains(string(script), "'"+t+"'") {
			out = append(out, fmt.Sprintf("infra/k8s/base/gateway.yaml no longer checks for %q", t))
		}
	}
	tmp, err := os.MkdirTemp("", "fm-k8s-gateway-")
	if err != nil {
		return []string{err.Error()}
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("node", filepath.Join(dir, "gateway/render.js"), "--mode", "compose", "--out", tmp)
	cmd.Env = append(os.Environ(), "AUTH_PORT=4001", "CONTENT_PORT=4002", "COURSES_PORT=4003", "CONTACT_PORT=4004", "BILLING_PORT=4005")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return append(out, fmt.Sprintf("node gateway/render.js --mode compose: %v: %s", err, msg))
	}
	conf, err := os.ReadFile(filepath.Join(tmp, "nginx.conf"))
	if err != nil {
		return append(out, err.Error())
	}
	for _, t := range gatewayRewriteTargets {
		if !strings.Contains(string(conf), t) {
			out = append(out, fmt.Sprintf("the compose rendering has no %q for the k8s start-up to rewrite", t))
		}
	}
	// What the sed expressions leave: no Docker resolver, no bare service name.
	rewritten := strings.ReplaceAll(string(conf), "resolver 127.0.0.11 ", "resolver kube-dns.kube-system.svc.cluster.local ")
	rewritten = regexp.MustCompile(`http://(auth|content|courses|contact|billing):`).ReplaceAllString(rewritten, "http://$1.fairway-mind.svc.cluster.local:")
	if strings.Contains(rewritten, "127.0.0.11") {
		out = append(out, "after the rewrite, nginx.conf still names Docker's resolver 127.0.0.11")
	}
	if m := regexp.MustCompile(`http://[a-z-]+:\d+`).FindString(rewritten); m != "" {
		out = append(out, fmt.Sprintf("after the rewrite, nginx.conf still proxies to an unqualified name (%s)", m))
	}
	return out
}
