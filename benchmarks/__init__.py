"""Speed and scale measurements (`make bench`). Each benchmarks/bench_*.py has a `main(argv)`.

May import: agent and sites (what they measure). Not evaluation or tasks.
"""
