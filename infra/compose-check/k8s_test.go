package main

import (
	"context"
	"strings"
	"testing"
)

// k8sFailures runs the Kubernetes checks on one kustomization and returns the problems of each
// failed check, keyed by check name.
func k8sFailures(t *testing.T, v k8sVariant) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range checkK8s(repoRoot(t), v) {
		if len(r.problems) > 0 {
			out[r.name] = r.problems
		}
	}
	return out
}

func testdataK8s(name, kind string) k8sVariant {
	return k8sVariant{label: "testdata " + name, path: "infra/compose-check/testdata/k8s/" + name, kind: kind}
}

func TestWhenTheRepositoryManifestsAreBuiltThenEveryK8sCheckPasses(t *testing.T) {
	for _, v := range k8sVariants {
		if got := k8sFailures(t, v); len(got) > 0 {
			t.Errorf("%s: %q", v.label, got)
		}
	}
	for _, r := range checkK8sShared(context.Background(), repoRoot(t)) {
		if len(r.problems) > 0 {
			t.Errorf("%s: %q", r.name, r.problems)
		}
	}
}

func TestWhenADeploymentHasNoProbesThenTheProbeCheckFails(t *testing.T) {
	got := k8sFailures(t, testdataK8s("no-probes", "base"))
	wantFailure(t, got, "readiness and a liveness probe", "Deployment auth: container auth has no readinessProbe")
	wantFailure(t, got, "readiness and a liveness probe", "Deployment auth: container auth has no livenessProbe")
	if _, failed := got["testdata no-probes: kustomize build, every object strictly decoded into the k8s.io/api types"]; failed {
		t.Errorf("the decoding check failed on a valid Deployment: %q", got)
	}
	for name := range got {
		if strings.Contains(name, "non-root") || strings.Contains(name, "requests and limits") {
			t.Errorf("%q failed on a Deployment that meets it: %q", name, got[name])
		}
	}
}

func TestWhenAManifestHasAnUnknownFieldOrAWrongTypeThenStrictDecodingFails(t *testing.T) {
	got := k8sFailures(t, testdataK8s("unknown-field", "base"))
	wantFailure(t, got, "strictly decoded", `unknown field "spec.template.spec.containers[0].livenessProbes"`)
	got = k8sFailures(t, testdataK8s("wrong-type", "base"))
	wantFailure(t, got, "strictly decoded", "cannot unmarshal string into Go struct field DeploymentSpec.spec.revisionHistoryLimit of type int32")
}

func TestWhenAServiceIsOpenToEveryoneRunsAsRootAndSecretsAreCommittedThenThoseChecksFail(t *testing.T) {
	got := k8sFailures(t, testdataK8s("open", "production"))
	wantFailure(t, got, "NetworkPolicies", "no default-deny NetworkPolicy")
	wantFailure(t, got, "NetworkPolicies", "NetworkPolicy auth-open ingress rule 0 (applies to auth): admits every source")
	wantFailure(t, got, "non-root", "Deployment auth: container auth: runAsNonRoot is not true")
	wantFailure(t, got, "non-root", "Deployment auth: container auth: capabilities do not drop ALL")
	wantFailure(t, got, "requests and limits", "Deployment gateway: container gateway has no cpu request")
	wantFailure(t, got, "readiness and a liveness probe", "Deployment gateway: container gateway has no readinessProbe")
	wantFailure(t, got, "no Secret object", "Secret fairway-mind-secrets is in the build (keys [SESSION_KEYS])")
	wantFailure(t, got, "secretKeyRef", "Deployment auth: container auth: JWT_SECRET: set without a secretKeyRef")
	wantFailure(t, got, "HPA", "no autoscaling/v2 HorizontalPodAutoscaler on Deployment auth")
	wantFailure(t, got, "HPA", "no PodDisruptionBudget selecting the pods of Deployment auth")
	wantFailure(t, got, "TLS Ingress", "auth: MONGO_URL does not come from the Secret")
	wantFailure(t, got, "TLS Ingress", "Deployment gateway: container gateway: REDIS_URL does not come from the Secret")
	wantFailure(t, got, "NetworkPolicies", "no NetworkPolicy lets the gateway out to Redis")
}

func TestWhenTheGatewayDeploymentDoesNotPrerenderThenThePrerenderCheckFails(t *testing.T) {
	got := k8sFailures(t, testdataK8s("no-prerender", "base"))
	const check = "the gateway prerenders before nginx"
	wantFailure(t, got, check, "container gateway: its start-up script replaces the image's entrypoint but runs no "+prerenderHook)
	wantFailure(t, got, check, "container gateway: SITE_ORIGIN does not come from the ConfigMap")
	wantFailure(t, got, check, `container gateway: FM_PRERENDER_API="http://content:4002" is not the content Service's qualified name`)
	wantFailure(t, got, check, "container gateway: no writable emptyDir at FM_PRERENDER_DIR /var/lib/fairway-mind/public")
	wantFailure(t, got, check, "container gateway: no startupProbe")
	wantFailure(t, got, check, "container gateway: its start-up script replaces the image's entrypoint but runs no "+watchHook)
	wantFailure(t, got, check, "container gateway: REDIS_URL does not come from the ConfigMap or the Secret")
	wantFailure(t, got, check, "container gateway: REDIS_PREFIX does not come from the ConfigMap")
	got = k8sFailures(t, testdataK8s("open", "production"))
	wantFailure(t, got, check, "container gateway: no FM_PRERENDER_API")
}
