print("pageinfo-bench: layout benchmarks not written yet")
