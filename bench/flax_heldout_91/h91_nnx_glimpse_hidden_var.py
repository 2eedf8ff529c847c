# label: trace-context
# flax-error: TraceContextError: Cannot mutate CoreState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 bound method self.step is the raw scan body and writes the core's hidden state into an nnx.Variable held on the module
"""Recurrent attention model (RAM, Mnih et al. 2014) in NNX: glimpse sensor + GRU core kept as a
stateful module (hidden state stored on the module so it can be read between episodes)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CoreState(nnx.Variable):
    pass


def retina(image, loc, size=6):
    h, w = image.shape
    c = ((loc + 1.0) / 2.0 * jnp.array([h - size, w - size])).astype(jnp.int32)
    return lax.dynamic_slice(image, (c[0], c[1]), (size, size)).reshape(-1)


class RAM(nnx.Module):
    def __init__(self, hidden=32, n_glimpses=4, *, rngs: nnx.Rngs):
        self.glimpse = nnx.Linear(36 + 2, hidden, rngs=rngs)
        self.core = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.locator = nnx.Linear(hidden, 2, rngs=rngs)
        self.head = nnx.Linear(hidden, 10, rngs=rngs)
        self.h = CoreState(jnp.zeros((hidden,)))
        self.n_glimpses = n_glimpses

    def step(self, loc, image):
        g = nnx.relu(self.glimpse(jnp.concatenate([retina(image, loc), loc])))
        h, _ = self.core(self.h.value, g)
        self.h.value = h
        loc = jnp.tanh(self.locator(h))
        return loc, loc

    def __call__(self, image):
        self.h.value = jnp.zeros_like(self.h.value)
        images = jnp.broadcast_to(image, (self.n_glimpses,) + image.shape)
        _, locs = lax.scan(self.step, jnp.zeros((2,)), images)
        return self.head(self.h.value), locs


def main():
    model = RAM(rngs=nnx.Rngs(0))
    image = jax.random.uniform(jax.random.PRNGKey(1), (28, 28))
    logits, locs = model(image)
    logits.block_until_ready()
    return None
