# label: ok
# flax-error: none
# class: 3 per-sample RngStreams are fed to the raw scan as xs, made with rngs.dropout.split(n) so each sample gets its own key
"""MC-dropout predictive samples in NNX: one dropout stream per sample, scanned over with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class BayesMLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.l2 = nnx.Linear(64, dout, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def predictive_samples(model, x, rngs: nnx.Rngs, num_samples: int):
    model.train()  # keep dropout active at prediction time
    streams = rngs.dropout.split(num_samples)

    def draw(carry, stream):
        return carry, model(x, rngs=stream)

    _, samples = scan(draw, None, streams)
    return samples


def main():
    model = BayesMLP(3, 1, rngs=nnx.Rngs(0))
    x = jnp.linspace(-2.0, 2.0, 10)[:, None] * jnp.ones((1, 3))
    return predictive_samples(model, x, nnx.Rngs(dropout=1), num_samples=8)
