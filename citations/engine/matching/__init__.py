"""Matching: the fold, where a quote stands in its sources verbatim or near-verbatim, and
the rule table that names every difference."""
