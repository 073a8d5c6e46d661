package main

// The gateway's prerender at start (issue 15's public pages in Docker and Kubernetes): the image
// installs node and runs infra/docker/prerender/prerender.sh from /docker-entrypoint.d (the nginx
// image's entrypoint runs it before nginx), compose gives the gateway SITE_ORIGIN, and the
// Kubernetes gateway, whose start-up script replaces the entrypoint, runs the script itself with
// SITE_ORIGIN, the content Service's qualified name and a writable FM_PRERENDER_DIR. Each half
// fails quietly at run time (the SPA shell instead of the pages), hence these checks.

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	corev1 "k8s.io/api/core/v1"
)

const (
	gatewayDockerfile = "infra/docker/gateway.Dockerfile"
	prerenderScript   = "infra/docker/prerender/prerender.sh"
	prerenderHook     = "/docker-entrypoint.d/40-fm-prerender.sh"
	// The watcher that renders the pages again after every catalogue change (issue 25): started
	// after the prerender, in the background next to nginx; it needs REDIS_URL and REDIS_PREFIX.
	watchScript = "infra/docker/prerender/prerender-watch.sh"
	watchHook   = "/docker-entrypoint.d/50-fm-prerender-watch.sh"
	watchNode   = "frontend/scripts/prerender-watch.mjs"
)

// node in the image: Alpine's package, or a node binary copied in.
var installsNode = regexp.MustCompile(`\bapk\s+add\b.*\bnodejs\b|/bin/node\b`)

// gatewayImagePrerender reads the last stage of the gateway Dockerfile: node installed, the
// script copied to prerenderHook with an executable --chmod (the entrypoint skips others), and
// FM_PRERENDER_DIR set. It returns that directory ("" when unset) and what is missing.
func gatewayImagePrerender(dockerfile string) (string, []string) {
	f, err := os.Open(dockerfile)
	if err != nil {
		return "", []string{err.Error()}
	}
	defer f.Close()
	res, err := parser.Parse(f)
	if err != nil {
		return "", []string{fmt.Sprintf("%s: %v", dockerfile, err)}
	}
	var last []*parser.Node
	for _, node := range res.AST.Children {
		if strings.EqualFold(node.Value, "from") {
			last = nil
		}
		last = append(last, node)
	}
	dir, node, hook, watch, watchCode := "", false, false, false, false
	for _, n := range last {
		var args []string
		for a := n.Next; a != nil; a = a.Next {
			args = append(args, a.Value)
		}
		switch strings.ToLower(n.Value) {
		case "run":
			node = node || installsNode.MatchString(strings.Join(args, " "))
		case "copy":
			node = node || installsNode.MatchString(strings.Join(args, " "))
			if len(args) == 2 && args[0] == prerenderScript && args[1] == prerenderHook {
				hook = true
				if !executableChmod(n.Flags) {
					return dir, []string{fmt.Sprintf("%s: COPY %s %s without an executable --chmod (the nginx entrypoint skips it)", dockerfile, prerenderScript, prerenderHook)}
				}
			}
			if len(args) == 2 && args[0] == watchScript && args[1] == watchHook {
				watch = true
				if !executableChmod(n.Flags) {
					return dir, []string{fmt.Sprintf("%s: COPY %s %s without an executable --chmod (the nginx entrypoint skips it)", dockerfile, watchScript, watchHook)}
				}
			}
			watchCode = watchCode || slices.Contains(args, watchNode)
		case "env":
			// The parser gives each pair as name, value, "=".
			for i := 0; i+1 < len(args); i += 3 {
				if args[i] == "FM_PRERENDER_DIR" {
					dir = args[i+1]
				}
			}
		}
	}
	var out []string
	if !node {
		out = append(out, fmt.Sprintf("%s: the final stage installs no node (a node binary copied in, or apk add nodejs), which the prerender runs on", dockerfile))
	}
	if !hook {
		out = append(out, fmt.Sprintf("%s: the final stage does not COPY %s to %s", dockerfile, prerenderScript, prerenderHook))
	}
	if dir == "" {
		out = append(out, fmt.Sprintf("%s: the final stage sets no ENV FM_PRERENDER_DIR", dockerfile))
	}
	if !watch {
		out = append(out, fmt.Sprintf("%s: the final stage does not COPY %s to %s (the pages would not follow the catalogue)", dockerfile, watchScript, watchHook))
	}
	if !watchCode {
		out = append(out, fmt.Sprintf("%s: the final stage does not COPY %s, which %s runs", dockerfile, watchNode, watchHook))
	}
	return dir, out
}

func executableChmod(flags []string) bool {
	for _, f := range flags {
		if mode, ok := strings.CutPrefix(f, "--chmod="); ok && len(mode) >= 3 {
			if owner := mode[len(mode)-3]; owner == '5' || owner == '7' {
				return true
			}
		}
	}
	return false
}

// checkGatewaySiteOrigin: the compose gateway gets SITE_ORIGIN (production: from .env, like the
// services; development: an http(s) origin).
func checkGatewaySiteOrigin(p *types.Project, dev bool) []string {
	gw, ok := p.Services[gateway]
	if !ok {
		return []string{"no gateway service"}
	}
	v, ok := gw.Environment["SITE_ORIGIN"]
	if !ok {
		return []string{"gateway: no SITE_ORIGIN in its environment (its prerender needs the public origin)"}
	}
	if dev {
		if u, err := url.Parse(deref(v)); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return []string{fmt.Sprintf("gateway: SITE_ORIGIN=%q is not an http(s) origin", deref(v))}
		}
	}
	return nil
}

// checkGatewayRedis: the compose gateway gets REDIS_URL (the compose Redis, as the services') and
// REDIS_PREFIX (the services' own, from .env): its prerender watcher listens to content's
// catalogue announcements there.
func checkGatewayRedis(p *types.Project) []string {
	gw, ok := p.Services[gateway]
	if !ok {
		return []string{"no gateway service"}
	}
	var out []string
	if v, ok := gw.Environment["REDIS_URL"]; !ok || v == nil {
		out = append(out, "gateway: no REDIS_URL in its environment (its prerender watcher listens to the catalogue announcements)")
	} else if u, err := url.Parse(*v); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Hostname() == "" {
		out = append(out, fmt.Sprintf("gateway: REDIS_URL=%q is not a redis:// URL", *v))
	} else if svc, ok := p.Services["content"]; ok {
		if c := svc.Environment["REDIS_URL"]; c != nil && *c != *v {
			out = append(out, fmt.Sprintf("gateway: REDIS_URL=%q, content's is %q (the announcements are made there)", *v, *c))
		}
	}
	if v, ok := gw.Environment["REDIS_PREFIX"]; !ok || v == nil || *v == "" {
		out = append(out, "gateway: no REDIS_PREFIX in its environment (the channel is <REDIS_PREFIX>:content:catalogue-changed)")
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// checkGatewayPrerender: the gateway Deployment's start-up script runs the prerender before
// nginx, with SITE_ORIGIN from the ConfigMap, FM_PRERENDER_API on the content Service's
// qualified name, an emptyDir at the image's FM_PRERENDER_DIR and a startupProbe.
func checkGatewayPrerender(o *k8sObjects, prerenderDir string) []string {
	d := o.deployment(gateway)
	if d == nil {
		return []string{"no gateway Deployment"}
	}
	var c *corev1.Container
	for i := range d.Spec.Template.Spec.Containers {
		if repo := imageRepo(d.Spec.Template.Spec.Containers[i].Image); repo == "fairway-mind/gateway" || strings.HasSuffix(repo, "/fairway-mind/gateway") {
			c = &d.Spec.Template.Spec.Containers[i]
		}
	}
	if c == nil {
		return []string{"the gateway Deployment has no fairway-mind/gateway container"}
	}
	var out []string
	script := strings.Join(append(append([]string{}, c.Command...), c.Args...), "\n")
	nginx := strings.Index(script, "exec nginx")
	for _, h := range []string{prerenderHook, watchHook} {
		hook := strings.Index(script, h)
		switch {
		case len(c.Command) == 0 && len(c.Args) == 0:
			// The image's entrypoint runs the hooks.
		case hook < 0:
			out = append(out, fmt.Sprintf("container %s: its start-up script replaces the image's entrypoint but runs no %s", c.Name, h))
		case nginx >= 0 && hook > nginx:
			out = append(out, fmt.Sprintf("container %s: %s runs after exec nginx", c.Name, h))
		}
	}
	var origin, api, redisURL, redisPrefix *corev1.EnvVar
	for i := range c.Env {
		switch c.Env[i].Name {
		case "SITE_ORIGIN":
			origin = &c.Env[i]
		case "FM_PRERENDER_API":
			api = &c.Env[i]
		case "REDIS_URL":
			redisURL = &c.Env[i]
		case "REDIS_PREFIX":
			redisPrefix = &c.Env[i]
		}
	}
	if redisURL == nil || redisURL.ValueFrom == nil || (redisURL.ValueFrom.ConfigMapKeyRef == nil && redisURL.ValueFrom.SecretKeyRef == nil) {
		out = append(out, fmt.Sprintf("container %s: REDIS_URL does not come from the ConfigMap or the Secret (its prerender watcher listens to the catalogue announcements)", c.Name))
	}
	if redisPrefix == nil || redisPrefix.ValueFrom == nil || redisPrefix.ValueFrom.ConfigMapKeyRef == nil ||
		!strings.HasPrefix(redisPrefix.ValueFrom.ConfigMapKeyRef.Name, k8sConfigName) || redisPrefix.ValueFrom.ConfigMapKeyRef.Key != "REDIS_PREFIX" {
		out = append(out, fmt.Sprintf("container %s: REDIS_PREFIX does not come from the ConfigMap %s (key REDIS_PREFIX, the services' own)", c.Name, k8sConfigName))
	}
	if origin == nil || origin.ValueFrom == nil || origin.ValueFrom.ConfigMapKeyRef == nil ||
		!strings.HasPrefix(origin.ValueFrom.ConfigMapKeyRef.Name, k8sConfigName) || origin.ValueFrom.ConfigMapKeyRef.Key != "SITE_ORIGIN" {
		out = append(out, fmt.Sprintf("container %s: SITE_ORIGIN does not come from the ConfigMap %s (key SITE_ORIGIN)", c.Name, k8sConfigName))
	}
	if api == nil {
		out = append(out, fmt.Sprintf("container %s: no FM_PRERENDER_API (the image's default, http://content:4002, is compose's bare name)", c.Name))
	} else if u, err := url.Parse(api.Value); err != nil || !strings.HasPrefix(u.Hostname(), "content.") || u.Port() == "" {
		out = append(out, fmt.Sprintf("container %s: FM_PRERENDER_API=%q is not the content Service's qualified name and port", c.Name, api.Value))
	}
	if prerenderDir == "" {
		out = append(out, "the gateway image sets no FM_PRERENDER_DIR")
	} else {
		mounted := false
		for _, m := range c.VolumeMounts {
			if m.MountPath != prerenderDir || m.ReadOnly {
				continue
			}
			for _, v := range d.Spec.Template.Spec.Volumes {
				mounted = mounted || (v.Name == m.Name && v.EmptyDir != nil)
			}
		}
		if !mounted {
			out = append(out, fmt.Sprintf("container %s: no writable emptyDir at FM_PRERENDER_DIR %s (the root filesystem is read-only)", c.Name, prerenderDir))
		}
	}
	if c.StartupProbe == nil {
		out = append(out, fmt.Sprintf("container %s: no startupProbe (the liveness probe would kill it while it prerenders)", c.Name))
	}
	return out
}
