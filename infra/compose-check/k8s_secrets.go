package main

// The secret checks: secrets only by reference, none in the base.

import (
	"fmt"
	"slices"

	corev1 "k8s.io/api/core/v1"
)

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
