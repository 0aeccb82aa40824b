"""Verbs over claim tables and corpora: :mod:`.score` (spec section 7),
:mod:`.diff`, :mod:`.conflicts`, :mod:`.lint` (gold sets), :mod:`.report`
(the HTML review), :mod:`.ingest` (HTML and any encoding into the corpus)
and :mod:`.ledger` (the claims ledger in a database)."""
