"""Everything that touches the disk, apart from the command line:
:mod:`.files` reads documents and corpora (encodings, symlink policy, size
limits) and writes atomically; :mod:`.frames` is the pandas boundary (claims
tables in CSV / JSON Lines / Parquet, validated)."""
