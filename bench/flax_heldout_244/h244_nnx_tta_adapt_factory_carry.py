# label: ok
# flax-error: none
# class: 5 the step built by make_adapt_step merges the state threaded through the scan carry and returns the adapted nnx.state as the new carry; nnx.update after the loop
"""Test-time adaptation of normalisation statistics with a step factory."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Encoder(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.8, rngs=rngs)
        self.out = nnx.Linear(12, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.proj(x))))


def make_adapt_step(graphdef):
    def adapt_step(state, batch):
        model = nnx.merge(graphdef, state)
        probs = jax.nn.softmax(model(batch), axis=-1)
        return nnx.state(model), probs.max(-1).mean()

    return adapt_step


def main():
    model = Encoder(4, 3, rngs=nnx.Rngs(params=0))
    model.train()
    stream = -1.0 + 0.5 * jax.random.normal(jax.random.key(3), (6, 8, 4))

    graphdef, state = nnx.split(model)
    adapt_step = make_adapt_step(graphdef)
    state, confidence = scan(adapt_step, state, stream)

    nnx.update(model, state)
    model.eval()
    preds = model(stream[0]).argmax(-1)
    jax.block_until_ready((confidence, preds))
    return None
