"""Other ways to run a corpus than the local process pool of
:mod:`extract.run`: :mod:`.dask` on a Dask cluster."""
