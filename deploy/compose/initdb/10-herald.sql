-- Runs once, when the compose PostgreSQL volume is first created (docker-entrypoint-initdb.d).
-- `herald` (created by POSTGRES_DB) serves the all-in-one container; the `micro` profile gets
-- its own database so both topologies can run side by side without sharing an outbox.
CREATE DATABASE herald_micro OWNER herald;
