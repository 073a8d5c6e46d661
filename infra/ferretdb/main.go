// Command ferretdb runs an embedded FerretDB v1 (MongoDB wire protocol) for local
// development and CI, where no MongoDB server binary can be downloaded.
//
// It wraps the embeddable package github.com/FerretDB/FerretDB/ferretdb, so the
// version.txt panic of a plain `go install .../cmd/ferretdb` (FerretDB issue #2982)
// does not apply. Telemetry is always disabled by the embeddable package.
//
//	ferretdb [-listen-addr 127.0.0.1:27017] [-data-dir .data/ferretdb]
//	         [-handler sqlite|postgresql] [-postgresql-url postgres://...] [-log-level info]
//
// SIGINT/SIGTERM stop it cleanly (listener closed, connections drained, backend closed).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run() error {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data-dir", ".data/ferretdb", "directory for the SQLite handler's databases (created if missing)")
	handler := flag.String("handler", "sqlite", "backend handler: sqlite or postgresql")
	pgURL := flag.String("postgresql-url", "postgres://127.0.0.1:5432/ferretdb", "PostgreSQL URL for -handler postgresql")
	logLevel := flag.String("log-level", "info", "log level: debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", *logLevel, err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	cfg := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listenAddr},
		Logger:   logger,
		Handler:  *handler,
	}

	switch *handler {
	case "sqlite":
		dir, err := filepath.Abs(*dataDir)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create data dir: %w", err)
		}
		// The SQLite handler wants a directory URI ending with a slash.
		cfg.SQLiteURL = "file:" + dir + "/"
	case "postgresql":
		cfg.PostgreSQLURL = *pgURL
	default:
		return errors.New("-handler must be sqlite or postgresql")
	}

	f, err := ferretdb.New(cfg)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger.Info("FerretDB starting", "addr", *listenAddr, "handler", *handler, "uri", "mongodb://"+*listenAddr+"/")
	err = f.Run(ctx)
	logger.Info("FerretDB stopped")
	return err
}
