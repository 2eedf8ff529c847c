# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 correct_page's while_loop body applies its model/variables arguments with mutable=["counters"] and keeps the mutated counters in the local dict `latest`, which is returned after the loop
"""OCR post-correction: re-decode each line of a page and report how many characters were edited."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class EditTracker(nn.Module):
    vocab: int = 10

    @nn.compact
    def __call__(self, line):
        edits = self.variable("counters", "edits", lambda: jnp.zeros((), jnp.int32))
        logits = nn.Dense(self.vocab)(jax.nn.one_hot(line, self.vocab))
        revised = jnp.argmax(logits, axis=-1).astype(line.dtype)
        if self.is_mutable_collection("counters"):
            edits.value = edits.value + jnp.sum(revised != line)
        return revised


def correct_page(model, variables, page):
    latest = {}

    def has_lines(state):
        i, _ = state
        return i < page.shape[0]

    def next_line(state):
        i, out = state
        revised, mutated = model.apply(variables, page[i], mutable=["counters"])
        latest["counters"] = mutated["counters"]
        return i + 1, out.at[i].set(revised)

    _, out = lax.while_loop(has_lines, next_line, (0, jnp.zeros_like(page)))
    return out, latest["counters"]


def edit_rate(counters, page):
    return counters["edits"] / page.size


def scanned_page():
    return (jnp.arange(24, dtype=jnp.int32) * 7 % 10).reshape(4, 6)


def main():
    page = scanned_page()
    model = EditTracker()
    variables = model.init(jax.random.key(0), page[0])
    revised, counters = correct_page(model, variables, page)
    rate = edit_rate(counters, page)
    jax.block_until_ready((revised, rate))
