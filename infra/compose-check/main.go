// Command compose-check loads docker-compose.yml (the production stack) and
// docker-compose.yml + docker-compose.dev.yml (the development stack) with compose-go, the
// loader docker compose itself uses, and checks what the stack relies on: healthchecks,
// services that scale (no container_name, no published ports), NODE_ENV per stack, where
// the services find stripe-mock and the SMTP sink, depends_on targets and build paths.
// Then it builds the Kubernetes manifests (infra/k8s/base and overlays/local, production)
// with the Kustomize Go API, decodes every object strictly into the k8s.io/api types and
// checks probes, resources, non-root pods, HPAs, PDBs, NetworkPolicies and secret handling
// (k8s.go and k8s_*.go), and that the gateway prerenders the public pages at start (prerender.go). No Docker
// engine and no cluster are needed; node renders the gateway config.
//
//	compose-check [--project-dir DIR]
//
// One line per check, then "compose: N passed, N failed"; exit status 1 when one failed.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("project-dir", ".", "the directory holding docker-compose.yml (the repository root)")
	flag.Parse()
	abs, err := filepath.Abs(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}

	ctx := context.Background()
	var results []result
	for _, v := range variants {
		results = append(results, check(ctx, abs, v)...)
	}
	for _, v := range k8sVariants {
		results = append(results, checkK8s(abs, v)...)
	}
	results = append(results, checkK8sShared(ctx, abs)...)

	passed, failed := 0, 0
	for _, r := range results {
		if len(r.problems) == 0 {
			passed++
			fmt.Printf("ok    %s\n", r.name)
			continue
		}
		failed++
		fmt.Printf("FAIL  %s\n", r.name)
		for _, p := range r.problems {
			fmt.Printf("        - %s\n", p)
		}
	}
	fmt.Printf("compose: %d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}
