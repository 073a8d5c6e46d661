package main

// The overlay checks: what production and local each promise.

import (
	"fmt"
	"slices"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
)

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
