# label: ok
# flax-error: none
# class: 3 tuner holds the params; the fori_loop carries the 'cache' collection and applies with mutable=['cache']
"""Piano tuning assistant: iteratively refines per-string cent offsets from measured partials."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

NUM_STRINGS = 24


class OffsetRefiner(nn.Module):
    hidden: int = 32

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.head = nn.Dense(NUM_STRINGS)
        self.last_offset = self.variable("cache", "last_offset", jnp.zeros, (NUM_STRINGS,))

    def __call__(self, partials):
        return self.step(partials)

    def step(self, partials):
        h = nn.tanh(self.encoder(jnp.concatenate([partials, self.last_offset.value])))
        offset = self.last_offset.value + 0.1 * self.head(h)
        self.last_offset.value = offset
        return offset


class TuningSession:
    def __init__(self, refiner: OffsetRefiner, variables):
        self.refiner = refiner
        self.params = variables["params"]
        self.cache = variables["cache"]
        self.passes = 5

    def refine(self, partials):
        def body(i, carry):
            offsets, cache = carry
            offsets, updates = self.refiner.apply(
                {"params": self.params, "cache": cache},
                partials + 0.01 * offsets,
                method=OffsetRefiner.step,
                mutable=["cache"],
            )
            return offsets, updates["cache"]

        offsets, self.cache = lax.fori_loop(0, self.passes, body, (jnp.zeros((NUM_STRINGS,)), self.cache))
        return offsets


def main():
    refiner = OffsetRefiner()
    partials = jax.random.uniform(jax.random.key(0), (NUM_STRINGS,), minval=-5.0, maxval=5.0)
    variables = refiner.init(jax.random.key(1), partials)
    session = TuningSession(refiner, variables)
    offsets = session.refine(partials)
    jax.block_until_ready(offsets)
    return None
