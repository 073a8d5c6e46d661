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
		// The gateway, and the callers of the service's internal routes (service token): internalCalls.
		allowed := []string{gateway}
		for _, c := range internalCalls {
			if c.to == svc && !slices.Contains(allowed, c.from) {
				allowed = append(allowed, c.from)
			}
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
	// The service-to-service calls the services make must get through both ways.
	for _, c := range internalCalls {
		if !reaches(o, c.from, c.to, c.port) {
			out = append(out, fmt.Sprintf("no NetworkPolicy pair lets %s reach %s:%d (%s)", c.from, c.to, c.port, c.why))
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

// The service-to-service calls (internal routes and content's API): each needs an egress rule on
// the caller and an ingress rule on the callee.
var internalCalls = []struct {
	from, to string
	port     int
	why      string
}{
	{"auth", "courses", 4003, "the member export"},
	{"auth", "contact", 4004, "the member export"},
	{"auth", "billing", 4005, "the member export"},
	{"auth", "practice", 4006, "the member export"},
	{"practice", "content", 4002, "the catalogue"},
	{"practice", "auth", 4001, "a reminder's recipient"},
	{"contact", "auth", 4001, "the newsletter's audience"},
	{"billing", "auth", 4001, "the founder's cohorts: sign-ups and names"},
	{"billing", "practice", 4006, "the founder's cohorts: practice days"},
}

// reaches: some egress rule of a policy on `from`'s pods admits `to`'s pods on `port`, and some
// ingress rule of a policy on `to`'s pods admits `from`'s pods.
func reaches(o *k8sObjects, from, to string, port int) bool {
	src, dst := o.deployment(from), o.deployment(to)
	if src == nil || dst == nil {
		return true // checkScaling says so
	}
	srcLabels, dstLabels := src.Spec.Template.Labels, dst.Spec.Template.Labels
	out := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		if !selects(&np.Spec.PodSelector, srcLabels) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeEgress) {
			return false
		}
		return slices.ContainsFunc(np.Spec.Egress, func(r networkingv1.NetworkPolicyEgressRule) bool {
			toOK := len(r.To) == 0 || slices.ContainsFunc(r.To, func(p networkingv1.NetworkPolicyPeer) bool {
				return p.NamespaceSelector == nil && p.IPBlock == nil && selects(p.PodSelector, dstLabels)
			})
			portOK := len(r.Ports) == 0 || slices.ContainsFunc(r.Ports, func(p networkingv1.NetworkPolicyPort) bool {
				return p.Port == nil || p.Port.IntValue() == port
			})
			return toOK && portOK
		})
	})
	in := slices.ContainsFunc(o.netpols, func(np *networkingv1.NetworkPolicy) bool {
		if !selects(&np.Spec.PodSelector, dstLabels) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
			return false
		}
		return slices.ContainsFunc(np.Spec.Ingress, func(r networkingv1.NetworkPolicyIngressRule) bool {
			return slices.ContainsFunc(r.From, func(p networkingv1.NetworkPolicyPeer) bool {
				return p.NamespaceSelector == nil && p.IPBlock == nil && selects(p.PodSelector, srcLabels)
			})
		})
	})
	return out && in
}
