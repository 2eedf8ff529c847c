# label: same-values
# flax-error: none
# class: 1 ArpeggioNet.__call__ runs the scan itself; the body calls the module's own dropout and head submodules
"""Symbolic music: stochastic arpeggio variations over one held chord (dropout as a variation source)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ArpeggioNet(nn.Module):
    hidden: int = 24
    rate: float = 0.4

    def setup(self):
        self.chord_proj = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate)
        self.head = nn.Dense(12)

    def __call__(self, chord, n_notes: int):
        h = nn.tanh(self.chord_proj(chord))
        peak = jnp.max(self.head(h))

        def next_note(peak, step):
            logits = self.head(self.drop(h, deterministic=False))
            return jnp.maximum(peak, logits.max()), logits

        _, per_note = jax.lax.scan(next_note, peak, jnp.arange(n_notes))
        return per_note


class VariationService:
    def __init__(self, net: ArpeggioNet, variables, seed: int):
        self.net = net
        self.variables = variables
        self.key = jax.random.key(seed)

    def variations(self, chord, n_notes=6):
        return self.net.apply(self.variables, chord, n_notes, rngs={"dropout": self.key})


def main():
    c_major_add9 = jnp.zeros((2, 12)).at[:, jnp.array([0, 2, 4, 7])].set(1.0)
    net = ArpeggioNet()
    variables = net.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, c_major_add9, 2)
    service = VariationService(net, variables, seed=21)
    return service.variations(c_major_add9)
