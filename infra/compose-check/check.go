package main

import (
	"context"
	"fmt"
	"maps"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

const (
	gateway           = "gateway"
	serviceDockerfile = "infra/docker/service.Dockerfile"
	stripeMock        = "stripe-mock"
	smtpSink          = "smtp-sink"
)

// The services that scale on their own (`docker compose up --scale content=3`).
var scalable = []string{"auth", "content", "courses", "contact", "billing", "practice"}

// variant is one way the stack is started: the compose files, in order, and whether it is
// the development stack (stripe-mock, the SMTP sink, NODE_ENV=development).
type variant struct {
	label string
	files []string // relative to the project dir, or absolute
	dev   bool
}

var variants = []variant{
	{label: "production", files: []string{"docker-compose.yml"}},
	{label: "development", files: []string{"docker-compose.yml", "docker-compose.dev.yml"}, dev: true},
}

// result is one check: what it asserts, and what it found wrong (nothing when it passed).
type result struct {
	name     string
	problems []string
}

// load reads the compose files the way `docker compose -f … --project-directory dir` does
// from a clean shell (docker/compose pkg/compose/loader.go, minus the process environment,
// so the result depends on the repository alone and not on what the launcher exported):
// dir/.env for interpolation; env_file entries (.env.example, optional .env) merged into
// each service's environment; the files merged in order; paths resolved against dir.
func load(ctx context.Context, dir string, files []string) (*types.Project, error) {
	paths := make([]string, len(files))
	for i, f := range files {
		if filepath.IsAbs(f) {
			paths[i] = f
		} else {
			paths[i] = filepath.Join(dir, f)
		}
	}
	opts, err := cli.NewProjectOptions(paths,
		cli.WithWorkingDirectory(dir),
		cli.WithEnvFiles(),
		cli.WithDotEnv,
		cli.WithDefaultProfiles(),
	)
	if err != nil {
		return nil, err
	}
	return opts.LoadProject(ctx)
}

// check loads one variant and runs every check on it.
func check(ctx context.Context, dir string, v variant) []result {
	loaded := result{name: fmt.Sprintf("%s: %s loads (interpolation, env files, merge, consistency)", v.label, strings.Join(v.files, " + "))}
	p, err := load(ctx, dir, v.files)
	if err != nil {
		loaded.problems = []string{err.Error()}
		return []result{loaded}
	}
	results := []result{
		loaded,
		{"built services have a healthcheck (compose healthcheck or the image's HEALTHCHECK)", checkHealthchecks(p)},
		{"depends_on targets exist; service_healthy targets have a healthcheck", checkDependsOn(p)},
		{"build contexts and dockerfiles exist", checkBuildPaths(p)},
		{"scalable services (" + strings.Join(scalable, ", ") + ") have no container_name and publish no ports", checkScalable(p)},
		{"service hosts in *_URL / *_BASE variables are services of the project", checkInternalHosts(p)},
		{"the gateway gets SITE_ORIGIN (its prerender of the public pages at start)", checkGatewaySiteOrigin(p, v.dev)},
		{"the gateway gets REDIS_URL and REDIS_PREFIX (its prerender watcher follows the catalogue announcements)", checkGatewayRedis(p)},
		{"app services listen on every interface of their container (HOST=0.0.0.0; the launcher's 127.0.0.1 would shut the gateway out)", checkServiceHost(p)},
	}
	if v.dev {
		results = append(results,
			result{"only the gateway publishes a port on all interfaces (others on 127.0.0.1 only)", checkPorts(p, true)},
			result{"app services run with NODE_ENV=development", checkNodeEnv(p, "development")},
			result{"stripe-mock and smtp-sink exist and the app services use them", checkDevStandIns(p)},
		)
	} else {
		results = append(results,
			result{"only the gateway publishes a port", checkPorts(p, false)},
			result{"app services run with NODE_ENV=production", checkNodeEnv(p, "production")},
			result{"no stripe-mock or smtp-sink: no such service, no dependency on one, no variable naming one", checkNoStandIns(p)},
		)
	}
	for i := 1; i < len(results); i++ {
		results[i].name = v.label + ": " + results[i].name
	}
	return results
}

// dockerfilePath is where a service's Dockerfile lives (the loader made the context absolute).
func dockerfilePath(b *types.BuildConfig) string {
	if filepath.IsAbs(b.Dockerfile) {
		return b.Dockerfile
	}
	name := b.Dockerfile
	if name == "" {
		name = "Dockerfile"
	}
	return filepath.Join(b.Context, name)
}

// appServices are the services built from the services' Dockerfile (the five and the seed).
func appServices(p *types.Project) []types.ServiceConfig {
	want := filepath.Join(p.WorkingDir, serviceDockerfile)
	var out []types.ServiceConfig
	for _, name := range p.ServiceNames() {
		s := p.Services[name]
		if s.Build != nil && s.Build.DockerfileInline == "" && dockerfilePath(s.Build) == want {
			out = append(out, s)
		}
	}
	return out
}

// healthcheck says where a service's healthcheck comes from ("" when it has none).
func healthcheck(s types.ServiceConfig) (string, error) {
	if hc := s.HealthCheck; hc != nil {
		if hc.Disable || (len(hc.Test) > 0 && strings.EqualFold(hc.Test[0], "NONE")) {
			return "", nil
		}
		if len(hc.Test) > 0 {
			return "compose", nil
		}
	}
	if s.Build == nil || s.Build.DockerfileInline != "" {
		return "", nil
	}
	ok, err := imageHealthcheck(dockerfilePath(s.Build), s.Build.Target)
	if err != nil || !ok {
		return "", err
	}
	return "image", nil
}

func checkHealthchecks(p *types.Project) []string {
	var problems []string
	for _, name := range p.ServiceNames() {
		s := p.Services[name]
		if s.Build == nil {
			continue
		}
		from, err := healthcheck(s)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
		case from == "":
			problems = append(problems, name+": no healthcheck in compose and no HEALTHCHECK in "+relTo(p, dockerfilePath(s.Build)))
		}
	}
	return problems
}

func checkDependsOn(p *types.Project) []string {
	var problems []string
	for _, name := range p.ServiceNames() {
		for _, dep := range slices.Sorted(maps.Keys(p.Services[name].DependsOn)) {
			target, ok := p.Services[dep]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s depends on %s, which is not a service", name, dep))
				continue
			}
			if p.Services[name].DependsOn[dep].Condition != types.ServiceConditionHealthy {
				continue
			}
			if from, err := healthcheck(target); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", dep, err))
			} else if from == "" {
				problems = append(problems, fmt.Sprintf("%s waits for %s to be healthy, but %s has no healthcheck", name, dep, dep))
			}
		}
	}
	return problems
}

func checkBuildPaths(p *types.Project) []string {
	var problems []string
	for _, name := range p.ServiceNames() {
		b := p.Services[name].Build
		if b == nil {
			continue
		}
		if st, err := os.Stat(b.Context); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("%s: build context %s is not a directory", name, relTo(p, b.Context)))
			continue
		}
		if b.DockerfileInline != "" {
			continue
		}
		if st, err := os.Stat(dockerfilePath(b)); err != nil || st.IsDir() {
			problems = append(problems, fmt.Sprintf("%s: dockerfile %s does not exist", name, relTo(p, dockerfilePath(b))))
		}
	}
	return problems
}

func checkScalable(p *types.Project) []string {
	var problems []string
	for _, name := range scalable {
		s, ok := p.Services[name]
		if !ok {
			problems = append(problems, name+": missing")
			continue
		}
		if s.ContainerName != "" {
			problems = append(problems, fmt.Sprintf("%s: container_name %q (a second replica could not start)", name, s.ContainerName))
		}
		if len(s.Ports) > 0 {
			problems = append(problems, fmt.Sprintf("%s: publishes %s (only the gateway is reached from outside)", name, portList(s.Ports)))
		}
	}
	return problems
}

// checkPorts: the gateway publishes its port; in production nothing else publishes one, in
// development the others (the SMTP sink's mail viewer) only on the loopback interface.
func checkPorts(p *types.Project, dev bool) []string {
	var problems []string
	if gw, ok := p.Services[gateway]; !ok || len(gw.Ports) == 0 {
		problems = append(problems, "the gateway publishes no port")
	}
	for _, name := range p.ServiceNames() {
		if name == gateway {
			continue
		}
		for _, port := range p.Services[name].Ports {
			if dev && isLoopback(port.HostIP) {
				continue
			}
			problems = append(problems, fmt.Sprintf("%s publishes %s", name, portList([]types.ServicePortConfig{port})))
		}
	}
	return problems
}

func checkNodeEnv(p *types.Project, want string) []string {
	var problems []string
	apps := appServices(p)
	for _, name := range scalable {
		if !slices.ContainsFunc(apps, func(s types.ServiceConfig) bool { return s.Name == name }) {
			problems = append(problems, name+": not built from "+serviceDockerfile)
		}
	}
	for _, s := range apps {
		if got := env(s, "NODE_ENV"); got != want {
			problems = append(problems, fmt.Sprintf("%s: NODE_ENV=%s", s.Name, got))
		}
	}
	return problems
}

// checkServiceHost: the services of the compose files must listen where the gateway reaches them
// (compose's environment beats .env, which may hold the launcher's HOST=127.0.0.1).
func checkServiceHost(p *types.Project) []string {
	var problems []string
	for _, s := range appServices(p) {
		if got := env(s, "HOST"); got != "0.0.0.0" && got != "::" {
			problems = append(problems, fmt.Sprintf("%s: HOST=%s", s.Name, got))
		}
	}
	return problems
}

// checkInternalHosts: a URL whose host is a bare name (mongo, redis, stripe-mock) must name a
// service of the project, or the container cannot resolve it.
func checkInternalHosts(p *types.Project) []string {
	var problems []string
	for _, s := range appServices(p) {
		for _, key := range slices.Sorted(maps.Keys(s.Environment)) {
			if !strings.HasSuffix(key, "_URL") && !strings.HasSuffix(key, "_BASE") {
				continue
			}
			host := urlHost(env(s, key))
			if host == "" || host == "localhost" || strings.Contains(host, ".") || net.ParseIP(host) != nil {
				continue
			}
			if _, ok := p.Services[host]; !ok {
				problems = append(problems, fmt.Sprintf("%s: %s names host %q, which is not a service", s.Name, key, host))
			}
		}
	}
	return problems
}

func checkNoStandIns(p *types.Project) []string {
	var problems []string
	for _, name := range []string{stripeMock, smtpSink} {
		if _, ok := p.Services[name]; ok {
			problems = append(problems, "service "+name+" is defined")
		}
	}
	for _, sname := range p.ServiceNames() {
		s := p.Services[sname]
		for _, key := range slices.Sorted(maps.Keys(s.Environment)) {
			if h := urlHost(env(s, key)); h == stripeMock || h == smtpSink {
				problems = append(problems, fmt.Sprintf("%s: %s=%s", sname, key, env(s, key)))
			}
		}
		for dep := range s.DependsOn {
			if dep == stripeMock || dep == smtpSink {
				problems = append(problems, sname+" depends on "+dep)
			}
		}
	}
	return problems
}

func checkDevStandIns(p *types.Project) []string {
	var problems []string
	for _, name := range []string{stripeMock, smtpSink} {
		if _, ok := p.Services[name]; !ok {
			problems = append(problems, "no service "+name)
		}
	}
	for _, s := range appServices(p) {
		if h := urlHost(env(s, "STRIPE_API_BASE")); h != stripeMock {
			problems = append(problems, fmt.Sprintf("%s: STRIPE_API_BASE=%s (not %s)", s.Name, env(s, "STRIPE_API_BASE"), stripeMock))
		}
		if h := urlHost(env(s, "SMTP_URL")); h != smtpSink {
			problems = append(problems, fmt.Sprintf("%s: SMTP_URL=%s (not %s)", s.Name, env(s, "SMTP_URL"), smtpSink))
		}
	}
	return problems
}

// ---- small helpers ---------------------------------------------------------------------

func env(s types.ServiceConfig, key string) string {
	if v := s.Environment[key]; v != nil {
		return *v
	}
	return ""
}

func urlHost(v string) string {
	u, err := url.Parse(v)
	if err != nil || u.Scheme == "" {
		return ""
	}
	return u.Hostname()
}

func isLoopback(hostIP string) bool {
	ip := net.ParseIP(hostIP)
	return ip != nil && ip.IsLoopback()
}

func portList(ports []types.ServicePortConfig) string {
	parts := make([]string, len(ports))
	for i, p := range ports {
		host := p.Published
		if p.HostIP != "" {
			host = p.HostIP + ":" + host
		}
		parts[i] = fmt.Sprintf("%s->%d", host, p.Target)
	}
	return strings.Join(parts, ", ")
}

func relTo(p *types.Project, path string) string {
	if rel, err := filepath.Rel(p.WorkingDir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
