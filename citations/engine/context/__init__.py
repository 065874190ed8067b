"""What a located quote leaves out of its sentence (``sentences``), and the attention that
calls for (``attention``, by the table in ``checks``, reading the word data of ``signals``)."""
