"""The extraction stages, in the order a document goes through them; pure
functions over plain types, no disk and no pandas.

1. :mod:`.normalize` — clean-up (NFKC, full-width, traditional to simplified,
   spun synonyms) with an offset map back to the original text;
2. :mod:`.segment` — paragraphs, headings, sentences, clauses; jieba boundaries;
3. :mod:`.values` — numbers and units;
4. :mod:`.recognize` — hardware, models and metric triggers from the lexicons;
5. :mod:`.bind` — each value's candidates gathered and scored
   (:mod:`.choice`: named features, weights as data, the winner and why);
6. :mod:`.text_tables` — tables written in text, also flattened.

:mod:`.claims` holds the value types every stage shares and the package's
exceptions; :mod:`.patterns` compiles the stages' regular expressions;
:mod:`.textindex` answers line questions on long texts; :mod:`.failures`
keeps a failed sentence from costing its whole document.
"""
