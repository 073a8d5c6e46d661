package main

// Once per run: what the manifests share with the rest of the repository.

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
)

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
var gatewayRewriteTargets = []string{"resolver 127.0.0.11 ", "http://auth:", "http://content:", "http://courses:", "http://contact:", "http://billing:", "http://practice:"}

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
	cmd.Env = append(os.Environ(), "AUTH_PORT=4001", "CONTENT_PORT=4002", "COURSES_PORT=4003", "CONTACT_PORT=4004", "BILLING_PORT=4005", "PRACTICE_PORT=4006")
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
	rewritten = regexp.MustCompile(`http://(auth|content|courses|contact|billing|practice):`).ReplaceAllString(rewritten, "http://$1.fairway-mind.svc.cluster.local:")
	if strings.Contains(rewritten, "127.0.0.11") {
		out = append(out, "after the rewrite, nginx.conf still names Docker's resolver 127.0.0.11")
	}
	if m := regexp.MustCompile(`http://[a-z-]+:\d+`).FindString(rewritten); m != "" {
		out = append(out, fmt.Sprintf("after the rewrite, nginx.conf still proxies to an unqualified name (%s)", m))
	}
	return out
}
