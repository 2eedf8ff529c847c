# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "lines" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Typesetter.set_page -> self.breaker (LineBreaker) -> functools.partial(model.apply, variables) called in the fori_loop body; the model updates its "stats" collection
"""Typesetting: score the line breaks of a page by how far each line must stretch or shrink.

The width model keeps running statistics of the glyph widths it has seen, in its own "stats"
collection, so that later passes can normalise against the house style.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class LineWidthModel(nn.Module):
    measure: float = 1.0  # the target measure, normalised

    @nn.compact
    def __call__(self, glyph_widths):
        stretch = nn.Dense(1, name="stretch")(glyph_widths)[0]
        mean_width = self.variable("stats", "mean_width", lambda: jnp.zeros(()))
        lines = self.variable("stats", "lines", lambda: jnp.zeros((), jnp.float32))
        if not self.is_initializing():
            lines.value = lines.value + 1.0
            mean_width.value = mean_width.value + (glyph_widths.sum() - mean_width.value) / lines.value
        return stretch - self.measure


class LineBreaker:
    """Wraps the width model for the composing room; holds the model already bound to weights."""

    def __init__(self, model: LineWidthModel, variables):
        self.measure_line = functools.partial(model.apply, variables)

    def badness(self, line):
        return self.measure_line(line) ** 2


class Typesetter:
    def __init__(self, breaker: LineBreaker, page):
        self.breaker = breaker
        self.page = page  # [lines, glyphs]

    def set_page(self):
        def one_line(i, total):
            return total + self.breaker.badness(self.page[i])

        return fori_loop(0, self.page.shape[0], one_line, jnp.zeros(()))


def main():
    page = jax.random.uniform(jax.random.key(3), (5, 12), minval=0.3, maxval=0.9)
    model = LineWidthModel()
    variables = model.init(jax.random.key(0), page[0])
    setter = Typesetter(LineBreaker(model, variables), page)
    badness = setter.set_page()
    print("page badness", float(badness))
    return None


if __name__ == "__main__":
    main()
