"""Speed and scale measurements (`make bench`). Each benchmarks/bench_*.py has a `main(argv)`."""
