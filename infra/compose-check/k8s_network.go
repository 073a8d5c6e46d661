package main

// The NetworkPolicy checks: the services are left to the gateway.

import (
	"fmt"
	"slices"

	networkingv1 "k8s.io/api/networking/v1"
)

func checkNetworkPolicies(o *k8sObjects) []string {
	var out []string
	defaultDeny := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		s := np.Spec
		return len(s.PodSelector.MatchLabels) == 0 && len(s.PodSelector.MatchExpressions) == 0 &&
			slices.Contains(s.PolicyTypes, networkingv1.PolicyTypeIngress) &&
			slices.Contains(s.PolicyTypes, networkingv1.PolicyTypeEgress) &&
			len(s.Ingress) == 0 && len(s.Egress) == 0
	})
	if !defaultDeny {
		out = append(out, "no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)")
	}
	pods := map[string]map[string]string{}
	for _, w := range o.workloads() {
		pods[w.name] = w.pod.Labels
	}
	gw := o.deployment(gateway)
	for _, svc := range scalable {
		d := o.deployment(svc)
		if d == nil || gw == nil {
			continue // checkScaling says so
		}
		allowed := []string{gateway}
		if svc == "courses" || svc == "billing" || svc == "contact" || svc == "practice" {
			allowed = append(allowed, "auth")
		}
		if svc == "content" {
			allowed = append(allowed, "practice") // the catalogue, read through content's API
		}
		if svc == "auth" {
			allowed = append(allowed, "contact") // the newsletter's audience (internal, service token)
		}
		gatewayIn := false
		for _, np := range o.netpols {
			if !selects(&np.Spec.PodSelector, d.Spec.Template.Labels) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
				continue
			}
			for i, rule := range np.Spec.Ingress {
				where := fmt.Sprintf("NetworkPolicy %s ingress rule %d (applies to %s)", np.Name, i, svc)
				if len(rule.From) == 0 {
					out = append(out, where+": admits every source")
					continue
				}
				for _, peer := range rule.From {
					switch {
					case peer.IPBlock != nil:
						out = append(out, where+": admits an ipBlock")
					case peer.NamespaceSelector != nil:
						if peer.NamespaceSelector.MatchLabels[monitoringLabel] != "true" || peer.PodSelector != nil {
							out = append(out, fmt.Sprintf("%s: admits namespaces other than those labelled %s=true", where, monitoringLabel))
						}
					case peer.PodSelector != nil:
						for name, l := range pods {
							if selects(peer.PodSelector, l) {
								if !slices.Contains(allowed, name) {
									out = append(out, fmt.Sprintf("%s: admits the pods of %s", where, name))
								} else if name == gateway {
									gatewayIn = true
								}
							}
						}
					}
				}
			}
		}
		if !gatewayIn {
			out = append(out, fmt.Sprintf("no NetworkPolicy lets the gateway reach %s", svc))
		}
		gatewayOut := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
			if !selects(&np.Spec.PodSelector, gw.Spec.Template.Labels) {
				return false
			}
			return slices.ContainsFunc(np.Spec.Egress, func(r networkingv1.NetworkPolicyEgressRule) bool {
				return len(r.To) == 0 || slices.ContainsFunc(r.To, func(p networkingv1.NetworkPolicyPeer) bool {
					return p.NamespaceSelector == nil && p.IPBlock == nil && selects(p.PodSelector, d.Spec.Template.Labels)
				})
			})
		})
		if !gatewayOut {
			out = append(out, fmt.Sprintf("no NetworkPolicy lets the gateway out to %s", svc))
		}
	}
	// The gateway's prerender watcher subscribes to content's catalogue announcements on Redis.
	if gw != nil && !slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		return selects(&np.Spec.PodSelector, gw.Spec.Template.Labels) && slices.ContainsFunc(np.Spec.Egress, func(r networkingv1.NetworkPolicyEgressRule) bool {
			return slices.ContainsFunc(r.Ports, func(p networkingv1.NetworkPolicyPort) bool {
				return p.Port != nil && p.Port.IntValue() == 6379
			})
		})
	}) {
		out = append(out, "no NetworkPolicy lets the gateway out to Redis (6379: its prerender watcher)")
	}
	return out
}
