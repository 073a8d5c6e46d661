package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

// imageHealthcheck reports whether the stage an image is built from (target, or the last
// stage when target is empty) ends up with a HEALTHCHECK: its own, or one inherited from
// the stage it starts FROM. A HEALTHCHECK NONE switches it off. A base image from a
// registry cannot be seen here, so it counts as having none.
func imageHealthcheck(dockerfile, target string) (bool, error) {
	f, err := os.Open(dockerfile)
	if err != nil {
		return false, err
	}
	defer f.Close()
	res, err := parser.Parse(f)
	if err != nil {
		return false, fmt.Errorf("%s: %w", dockerfile, err)
	}

	type stage struct {
		name, from  string
		healthcheck *bool // the last HEALTHCHECK of the stage; nil when it has none
	}
	var stages []*stage
	for _, node := range res.AST.Children {
		switch strings.ToLower(node.Value) {
		case "from":
			s := &stage{}
			if node.Next != nil {
				s.from = strings.ToLower(node.Next.Value)
				if as := node.Next.Next; as != nil && strings.EqualFold(as.Value, "as") && as.Next != nil {
					s.name = strings.ToLower(as.Next.Value)
				}
			}
			stages = append(stages, s)
		case "healthcheck":
			if len(stages) == 0 {
				return false, fmt.Errorf("%s:%d: HEALTHCHECK before FROM", dockerfile, node.StartLine)
			}
			on := node.Next != nil && !strings.EqualFold(node.Next.Value, "none")
			stages[len(stages)-1].healthcheck = &on
		}
	}
	if len(stages) == 0 {
		return false, fmt.Errorf("%s: no FROM", dockerfile)
	}

	byName := map[string]*stage{}
	for _, s := range stages {
		if s.name != "" {
			byName[s.name] = s
		}
	}
	s := stages[len(stages)-1]
	if target != "" {
		if s = byName[strings.ToLower(target)]; s == nil {
			return false, fmt.Errorf("%s: no stage named %q (build.target)", dockerfile, target)
		}
	}
	for seen := 0; seen <= len(stages); seen++ {
		if s.healthcheck != nil {
			return *s.healthcheck, nil
		}
		if s = byName[s.from]; s == nil {
			return false, nil
		}
	}
	return false, fmt.Errorf("%s: stages start FROM each other in a loop", dockerfile)
}
