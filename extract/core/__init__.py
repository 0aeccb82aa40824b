"""The extraction stages, in the order a document goes through them; pure
functions over plain types, no disk and no pandas.

1. :mod:`.normalize` — clean-up (NFKC, full-width, traditional to simplified,
   spun synonyms) with an offset map back to the original text;
2. :mod:`.segment` — paragraphs, headings, sentences, clauses; jieba boundaries;
3. :mod:`.values` — numbers and units;
4. :mod:`.recognize` — hardware, models and metric triggers from the lexicons;
5. :mod:`.context` — what a sentence offers (comparators, names, values as
   written) and the context its paragraph, heading and title carry;
6. :mod:`.scope` — which numbers are claims at all;
7. :mod:`.features` and :mod:`.candidates` — each value's candidate systems,
   models and baselines with their named features;
8. :mod:`.bind` — the metric's decision list, each field's candidates scored
   and chosen (:mod:`.choice`: weights as data, the winner and why), claims
   assembled paragraph by paragraph;
9. :mod:`.text_tables` — tables written in text, also flattened.

:mod:`.claims` holds the value types every stage shares and the package's
exceptions; :mod:`.patterns` compiles the stages' regular expressions;
:mod:`.textindex` answers line questions on long texts; :mod:`.failures`
keeps a failed sentence from costing its whole document.
"""
