package main

// The scaling checks: an HPA and a PodDisruptionBudget per service.

import (
	"fmt"
	"slices"

	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

func selects(sel *metav1.LabelSelector, podLabels map[string]string) bool {
	if sel == nil {
		return false
	}
	s, err := metav1.LabelSelectorAsSelector(sel)
	return err == nil && s.Matches(labels.Set(podLabels))
}

func checkScaling(o *k8sObjects) []string {
	var out []string
	for _, name := range append(slices.Clone(scalable), gateway) {
		d := o.deployment(name)
		if d == nil {
			out = append(out, "no Deployment "+name)
			continue
		}
		podLabels := d.Spec.Template.Labels
		if !selects(d.Spec.Selector, podLabels) {
			out = append(out, fmt.Sprintf("Deployment %s: its selector does not match its pod labels", name))
		}
		if d.Spec.Replicas != nil {
			out = append(out, fmt.Sprintf("Deployment %s: sets replicas (the HPA owns the count; an apply would reset it)", name))
		}
		if !slices.ContainsFunc(o.services, func(s *corev1.Service) bool {
			return s.Name == name && len(s.Spec.Selector) > 0 && labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(podLabels))
		}) {
			out = append(out, fmt.Sprintf("no Service %s selecting the pods of Deployment %s", name, name))
		}
		if !slices.ContainsFunc(o.hpas, func(h *autoscalingv2.HorizontalPodAutoscaler) bool {
			t := h.Spec.ScaleTargetRef
			return t.Kind == "Deployment" && t.Name == name && t.APIVersion == "apps/v1" && h.Spec.MaxReplicas > 0
		}) {
			out = append(out, fmt.Sprintf("no autoscaling/v2 HorizontalPodAutoscaler on Deployment %s", name))
		}
		if !slices.ContainsFunc(o.pdbs, func(p *policyv1.PodDisruptionBudget) bool {
			return selects(p.Spec.Selector, podLabels)
		}) {
			out = append(out, fmt.Sprintf("no PodDisruptionBudget selecting the pods of Deployment %s", name))
		}
	}
	return out
}

// checkNetworkPolicies: a default-deny policy for every pod, both directions; every ingress
// rule that admits traffic to a service's pods names its peers, and those are the gateway's
// pods, auth's (to courses, billing, contact, practice: the member export), practice's (to
// content: the catalogue), contact's (to auth: the newsletter's audience) or the monitoring
// namespace;
// the gateway is allowed to reach each service, and out to it.
