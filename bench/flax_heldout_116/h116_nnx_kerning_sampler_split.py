# label: ok
# flax-error: none
# class: 4 KernAssistant.wrapper is a plain ModelWrapper; sample_adjustments() takes nnx.split from wrapper.stash(), merges inside the scan body, carries nnx.state out and hands it to wrapper.restore() (nnx.update)
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

    def stash(self):
        return nnx.split(self.model)

    def restore(self, state):
        nnx.update(self.model, state)


class KernAssistant:
    def __init__(self, wrapper, units_per_em=1000):
        self.wrapper = wrapper
        self.units_per_em = units_per_em

    def sample_adjustments(self, pairs, num_proposals=5):
        graphdef, state = self.wrapper.stash()

        def body(state, _):
            model = nnx.merge(graphdef, state)
            proposal = model(pairs) * self.units_per_em
            return nnx.state(model), jnp.round(proposal)

        state, proposals = scan(body, state, None, length=num_proposals)
        self.wrapper.restore(state)
        return proposals


def main():
    model = KernProposer(8, 16, rngs=nnx.Rngs(params=0, dropout=1))
    pairs = jax.random.normal(jax.random.key(2), (4, 8))
    assistant = KernAssistant(ModelWrapper(model))
    return assistant.sample_adjustments(pairs)
