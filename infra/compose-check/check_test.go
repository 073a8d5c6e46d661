package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The repository root: docker-compose.yml, docker-compose.dev.yml, .env.example, infra/docker.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// failures runs a variant and returns the problems of each failed check, keyed by check name.
func failures(t *testing.T, v variant) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range check(context.Background(), repoRoot(t), v) {
		if len(r.problems) > 0 {
			out[r.name] = r.problems
		}
	}
	return out
}

// wantFailure asserts that the check whose name holds nameHas failed with a problem holding problemHas.
func wantFailure(t *testing.T, got map[string][]string, nameHas, problemHas string) {
	t.Helper()
	for name, problems := range got {
		if !strings.Contains(name, nameHas) {
			continue
		}
		for _, p := range problems {
			if strings.Contains(p, problemHas) {
				return
			}
		}
		t.Errorf("check %q failed, but no problem mentions %q: %q", name, problemHas, problems)
		return
	}
	t.Errorf("no failed check named like %q (failed: %q)", nameHas, got)
}

func withOverride(dev bool, override string) variant {
	v := variants[0]
	if dev {
		v = variants[1]
	}
	files := append([]string{}, v.files...)
	files = append(files, filepath.Join("infra/compose-check/testdata", override))
	return variant{label: v.label, files: files, dev: dev}
}

func TestWhenTheRepositoryFilesAreLoadedThenEveryCheckPasses(t *testing.T) {
	for _, v := range variants {
		if got := failures(t, v); len(got) > 0 {
			t.Errorf("%s: %q", v.label, got)
		}
	}
}

func TestWhenAScalableServiceHasAContainerNameOrAPortThenTheScalingChecksFail(t *testing.T) {
	for _, dev := range []bool{false, true} {
		got := failures(t, withOverride(dev, "container-name.yml"))
		wantFailure(t, got, "no container_name", `content: container_name "fm-content"`)
		wantFailure(t, got, "no container_name", "auth: publishes 4001->4001")
		wantFailure(t, got, "only the gateway publishes", "auth publishes 4001->4001")
	}
}

func TestWhenABuiltServiceHasNoHealthcheckThenTheHealthcheckCheckFails(t *testing.T) {
	got := failures(t, withOverride(false, "no-healthcheck.yml"))
	wantFailure(t, got, "have a healthcheck", "billing: no healthcheck in compose and no HEALTHCHECK in infra/compose-check/testdata/no-healthcheck.Dockerfile")
}

func TestWhenTheProductionFileCarriesDevelopmentSettingsThenItsChecksFail(t *testing.T) {
	got := failures(t, withOverride(false, "dev-in-production.yml"))
	wantFailure(t, got, "NODE_ENV=production", "auth: NODE_ENV=development")
	wantFailure(t, got, "no stripe-mock or smtp-sink", "auth: STRIPE_API_BASE=http://stripe-mock:12111")
	wantFailure(t, got, "are services of the project", `auth: STRIPE_API_BASE names host "stripe-mock"`)
	wantFailure(t, got, "listen on every interface", "auth: HOST=127.0.0.1")
}

func TestWhenTheDevelopmentChecksRunWithoutTheOverrideThenTheyFail(t *testing.T) {
	got := failures(t, variant{label: "development", files: variants[0].files, dev: true})
	wantFailure(t, got, "NODE_ENV=development", "auth: NODE_ENV=production")
	wantFailure(t, got, "stripe-mock and smtp-sink exist", "no service smtp-sink")
}

func TestWhenADependencyIsNotAServiceThenLoadingFails(t *testing.T) {
	got := failures(t, withOverride(false, "missing-dependency.yml"))
	wantFailure(t, got, "loads", "payments")
}

func TestImageHealthcheckFollowsTheBuiltStage(t *testing.T) {
	cases := []struct {
		name, dockerfile, target string
		want                     bool
	}{
		{"in the last stage", "FROM a AS build\nFROM b\nHEALTHCHECK --interval=5s \\\n  CMD true\n", "", true},
		{"only in an earlier stage", "FROM a AS build\nHEALTHCHECK CMD true\nFROM b\n", "", false},
		{"inherited from the stage it starts from", "FROM a AS base\nHEALTHCHECK CMD true\nFROM base AS run\nCMD x\n", "", true},
		{"switched off", "FROM a AS base\nHEALTHCHECK CMD true\nFROM base\nHEALTHCHECK NONE\n", "", false},
		{"in the build target", "FROM a AS run\nHEALTHCHECK CMD true\nFROM b AS other\n", "run", true},
	}
	for _, c := range cases {
		path := filepath.Join(t.TempDir(), "Dockerfile")
		if err := os.WriteFile(path, []byte(c.dockerfile), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := imageHealthcheck(path, c.target)
		if err != nil || got != c.want {
			t.Errorf("%s: got %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}

func TestWhenTheGatewayHasNoSiteOriginThenThePrerenderCheckFails(t *testing.T) {
	got := failures(t, withOverride(false, "gateway-no-site-origin.yml"))
	wantFailure(t, got, "gets SITE_ORIGIN", "gateway: no SITE_ORIGIN in its environment")
	wantFailure(t, got, "REDIS_URL and REDIS_PREFIX", "gateway: no REDIS_URL in its environment")
	wantFailure(t, got, "REDIS_URL and REDIS_PREFIX", "gateway: no REDIS_PREFIX in its environment")
	got = failures(t, withOverride(true, "gateway-bad-site-origin.yml"))
	wantFailure(t, got, "gets SITE_ORIGIN", `gateway: SITE_ORIGIN="localhost:8080" is not an http(s) origin`)
}

func TestGatewayImagePrerenderReadsTheFinalStage(t *testing.T) {
	root := repoRoot(t)
	dir, problems := gatewayImagePrerender(filepath.Join(root, gatewayDockerfile))
	if dir != "/var/lib/fairway-mind/public" || len(problems) > 0 {
		t.Errorf("the repository's gateway image: got %q, %q", dir, problems)
	}
	_, problems = gatewayImagePrerender(filepath.Join(root, "infra/compose-check/testdata/no-healthcheck.Dockerfile"))
	for _, want := range []string{"installs no node", "does not COPY " + prerenderScript, "sets no ENV FM_PRERENDER_DIR", "does not COPY " + watchScript, "does not COPY " + watchNode} {
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, want) }) {
			t.Errorf("no problem mentions %q: %q", want, problems)
		}
	}
	_, problems = gatewayImagePrerender(filepath.Join(root, "infra/compose-check/testdata/prerender-no-chmod.Dockerfile"))
	if len(problems) != 1 || !strings.Contains(problems[0], "without an executable --chmod") {
		t.Errorf("a hook without --chmod: got %q", problems)
	}
	// Only the final stage counts.
	path := filepath.Join(t.TempDir(), "Dockerfile")
	good, _ := os.ReadFile(filepath.Join(root, "infra/compose-check/testdata/prerender-no-chmod.Dockerfile"))
	staged := strings.Replace(string(good), "COPY infra/", "COPY --chmod=755 infra/", 1) + "FROM nginx:1.27-alpine\n"
	if err := os.WriteFile(path, []byte(staged), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, problems = gatewayImagePrerender(path); len(problems) != 5 {
		t.Errorf("the prerender only in an earlier stage: got %q", problems)
	}
}
