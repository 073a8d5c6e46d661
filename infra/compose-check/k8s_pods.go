package main

// The pod checks: probes, requests and limits, non-root containers.

import (
	"fmt"
	"slices"

	corev1 "k8s.io/api/core/v1"
)

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
