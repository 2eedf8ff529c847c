# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RowDenoiser.__call__ runs the scan itself and sows into its own "intermediates" collection from the body
"""Row-by-row denoising of scanned archive pages.

The digitisation job records how much energy each cleaned row carries so that
blank or torn rows can be flagged for a manual re-scan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RowDenoiser(nn.Module):
    width: int = 12
    carry_over: float = 0.3

    @nn.compact
    def __call__(self, page):
        row_filter = nn.Dense(self.width, name="row_filter")
        first = jnp.tanh(row_filter(page[0]))

        def clean_row(prev, line):
            cleaned = jnp.tanh(row_filter((1.0 - self.carry_over) * line + self.carry_over * prev))
            self.sow("intermediates", "row_energy", jnp.sum(cleaned ** 2))
            return cleaned, cleaned

        _, rows = scan(clean_row, first, page[1:])
        return rows


class DigitisationJob:
    def __init__(self, model: nn.Module, variables, blank_threshold: float = 0.5):
        self.model = model
        self.variables = variables
        self.blank_threshold = blank_threshold

    def process(self, page):
        rows, state = self.model.apply(self.variables, page, mutable=["intermediates"])
        energies = jnp.stack(state["intermediates"]["row_energy"])
        flagged = jnp.sum(energies < self.blank_threshold)
        return rows, flagged


def main():
    model = RowDenoiser()
    page = jnp.sin(jnp.arange(10 * 12, dtype=jnp.float32).reshape(10, 12) / 7.0)
    variables = model.init(jax.random.key(0), page)
    job = DigitisationJob(model, variables)
    job.process(page)
    return None
