"""Helpers the tests share (not tests, not fixtures; the fixtures are in tests/conftest.py):
stacked setups and game driving (stacking), the throw-away PostgreSQL server (pg), the store
factory of the storage backends (stores), the storage-trust helpers (storage_helpers), and the
child processes some tests start (crash_child by path, pg_processes_child by module name)."""
