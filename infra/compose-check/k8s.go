package main

// The Kubernetes half: builds infra/k8s/base and each overlay with the Kustomize Go API (what
// `kubectl apply -k` runs), decodes every object strictly into the k8s.io/api types (unknown or
// duplicate fields and wrong types are errors, as the API server's strict field validation
// says), then checks what the manifests promise: probes, requests and limits, non-root pods, an
// HPA and a PDB per service, the NetworkPolicies that leave the services to the gateway, and
// secrets only by reference. No cluster is needed. This file builds and decodes; the checks are
// in k8s_*.go by family (pods, scaling, network, secrets, images, overlays, and k8s_shared.go
// for what the manifests share with the rest of the repository).

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
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
		{"NetworkPolicies: default deny; only the gateway (auth for the member export, practice for the catalogue and a reminder's recipient (auth), contact for the newsletter's audience, billing for the founder's cohorts (auth, practice); each such call allowed both ways; Prometheus from the monitoring namespace) reaches the services", checkNetworkPolicies(objs)},
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
