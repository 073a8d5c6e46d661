# Fairway Mind. Everything goes through the launcher (infra/stack.sh); see README.md.
.PHONY: run test test-resilience stop up infra provision build media status bench docker-config help

run:        ## Everything on http://localhost:8080, in the foreground until Ctrl-C
	@infra/stack.sh run

test:       ## Every test suite against real Redis/MongoDB/stripe-mock; ends with "N passed, N failed"
	@infra/stack.sh test

test-resilience: ## The app as for the browser tests, then only the resilience suite (faults, races, hostile input)
	@infra/stack.sh test-resilience

stop:       ## Stop whatever the launcher started (also after `make up` or a killed run)
	@infra/stack.sh stop

up:         ## Like run, but in the background
	@infra/stack.sh up

infra:      ## Only Redis, MongoDB (or FerretDB), stripe-mock and the SMTP sink, in the background
	@infra/stack.sh infra

provision:  ## Node.js .nvmrc's version (fetched when the machine's is older), Debian packages, node_modules
	@infra/stack.sh provision

build:      ## Build the services and the frontend
	@infra/stack.sh build

media:      ## Generate the club and guided-visualization audio
	@infra/stack.sh media

status:     ## What the launcher runs
	@infra/stack.sh status

bench:      ## Logged-in hot path through nginx vs bare Koa (wrk), RSS per service, event propagation; prints figures
	@infra/stack.sh bench

docker-config: ## Load docker-compose.yml (+ docker-compose.dev.yml) with compose-go and check them; no Docker needed
	@infra/stack.sh compose-check

help:
	@grep -E '^[a-z-]+:.*## ' Makefile | sed 's/:.*## /\t/'
