# label: ok
# flax-error: none
# class: 2 correct_page's while_loop body applies its model/variables arguments with mutable=["counters"]; the counters collection is threaded through the loop carry and returned after it
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
    params = variables["params"]

    def has_lines(state):
        i, _, _ = state
        return i < page.shape[0]

    def next_line(state):
        i, out, counters = state
        revised, mutated = model.apply({"params": params, "counters": counters}, page[i], mutable=["counters"])
        return i + 1, out.at[i].set(revised), mutated["counters"]

    start = (0, jnp.zeros_like(page), variables["counters"])
    _, out, counters = lax.while_loop(has_lines, next_line, start)
    return out, counters


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
