# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 KernAssistant.wrapper is a plain ModelWrapper whose .model (nnx Dropout drawing from its own Rngs) is called inside the scan body of sample_adjustments()
"""Kerning assistant, sampling side: draws several stochastic kerning proposals
for the same glyph pairs so the designer can see how confident the model is."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class KernProposer(nnx.Module):
    def __init__(self, embed, hidden, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(embed, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, pairs):
        return self.head(self.drop(nnx.gelu(self.enc(pairs))))[..., 0]


class ModelWrapper:
    """Holds the live model for the plugin host; the host never sees NNX types."""

    def __init__(self, model):
        self.model = model
        self.version = "2024.3"


class KernAssistant:
    def __init__(self, wrapper, units_per_em=1000):
        self.wrapper = wrapper
        self.units_per_em = units_per_em

    def sample_adjustments(self, pairs, num_proposals=5):
        def body(step, _):
            proposal = self.wrapper.model(pairs) * self.units_per_em
            return step + 1, jnp.round(proposal)

        _, proposals = scan(body, 0, None, length=num_proposals)
        return proposals


def main():
    model = KernProposer(8, 16, rngs=nnx.Rngs(params=0, dropout=1))
    pairs = jax.random.normal(jax.random.key(2), (4, 8))
    assistant = KernAssistant(ModelWrapper(model))
    return assistant.sample_adjustments(pairs)
