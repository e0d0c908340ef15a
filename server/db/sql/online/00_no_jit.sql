-- No JIT compilation for this database's sessions (decision 0063). PostgreSQL compiles a query when
-- its estimated cost passes jit_above_cost, and estimates grow with the tables: on a large database
-- the back office's reconciliation spent nearly all its time compiling a plan that then ran in a
-- fraction of it (BENCHMARKS.md, "Scale"). An OLTP application's queries are short; compiling them
-- does not pay. Set on the database rather than per connection so that it holds through PgBouncer
-- too; sessions opened from now on take it.
DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET jit = off', current_database()); END $$;
