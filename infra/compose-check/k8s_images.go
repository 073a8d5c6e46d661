package main

// The image checks: one image per service, and content waiting for the seed.

import (
	"fmt"
	"slices"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

func imageRepo(image string) string {
	if i := strings.LastIndex(image, "@"); i >= 0 {
		image = image[:i]
	}
	if i := strings.LastIndex(image, ":"); i > strings.LastIndex(image, "/") {
		image = image[:i]
	}
	return image
}

func checkImages(o *k8sObjects) []string {
	var out []string
	want := map[string]string{"seed": "fairway-mind/content", gateway: "fairway-mind/gateway"}
	for _, s := range scalable {
		want[s] = "fairway-mind/" + s
	}
	for _, w := range o.workloads() {
		img, ok := want[w.name]
		if !ok {
			continue
		}
		for _, c := range allContainers(w.pod) {
			repo := imageRepo(c.Image)
			if repo != img && !strings.HasSuffix(repo, "/"+img) {
				out = append(out, fmt.Sprintf("%s %s: container %s runs %s, not %s", w.kind, w.name, c.Name, c.Image, img))
			}
		}
	}
	return out
}

// checkSeedWait: content's pods start with an initContainer that waits for the seed (`seed.js
// --wait`: until the seed of the same catalogue version has run), in the seed Job's image and
// with its ConfigMap, so both compute the same version; the Job exists.
func checkSeedWait(o *k8sObjects) []string {
	var job *batchv1.Job
	for _, j := range o.jobs {
		if j.Name == "seed" {
			job = j
		}
	}
	d := o.deployment("content")
	if job == nil || d == nil || len(job.Spec.Template.Spec.Containers) == 0 {
		return []string{"no seed Job or no content Deployment"}
	}
	seed := job.Spec.Template.Spec.Containers[0]
	configMaps := func(c corev1.Container) []string {
		var names []string
		for _, from := range c.EnvFrom {
			if from.ConfigMapRef != nil {
				names = append(names, from.ConfigMapRef.Name)
			}
		}
		return names
	}
	for _, c := range d.Spec.Template.Spec.InitContainers {
		if !slices.Equal(c.Command, []string{"node", "dist/seed.js", "--wait"}) {
			continue
		}
		var out []string
		if c.Image != seed.Image {
			out = append(out, fmt.Sprintf("Deployment content: initContainer %s runs %s, the seed Job %s", c.Name, c.Image, seed.Image))
		}
		if !slices.Equal(configMaps(c), configMaps(seed)) {
			out = append(out, fmt.Sprintf("Deployment content: initContainer %s reads the ConfigMaps %v, the seed Job %v (the catalogue version depends on the price settings)", c.Name, configMaps(c), configMaps(seed)))
		}
		return out
	}
	return []string{"Deployment content: no initContainer running `node dist/seed.js --wait` (content would serve before the seed Job has loaded the catalogue)"}
}
