# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_offset" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 tuner.bound (model.bind(variables), cache immutable) is stepped in the fori_loop body, which writes the 'cache' collection
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
        self.bound = refiner.bind(variables)
        self.passes = 5

    def refine(self, partials):
        def body(i, offsets):
            return self.bound.step(partials + 0.01 * offsets)

        return lax.fori_loop(0, self.passes, body, jnp.zeros((NUM_STRINGS,)))


def main():
    refiner = OffsetRefiner()
    partials = jax.random.uniform(jax.random.key(0), (NUM_STRINGS,), minval=-5.0, maxval=5.0)
    variables = refiner.init(jax.random.key(1), partials)
    session = TuningSession(refiner, variables)
    offsets = session.refine(partials)
    jax.block_until_ready(offsets)
    return None
