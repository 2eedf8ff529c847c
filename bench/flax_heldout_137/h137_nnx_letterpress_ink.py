# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 proof_run builds a local InkSpreadNet left in train mode and calls it directly inside the jax.lax.while_loop body, so its BatchNorm updates batch statistics there
"""Letterpress shop: re-ink the forme until the predicted ink spread on the proof is even."""
import jax
import jax.numpy as jnp
from flax import nnx


class InkSpreadNet(nnx.Module):
    def __init__(self, zones, rngs: nnx.Rngs):
        self.conv = nnx.Linear(zones, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(32, zones, rngs=rngs)

    def __call__(self, ink):
        return ink + 0.1 * jnp.tanh(self.out(nnx.gelu(self.norm(self.conv(ink)))))


def unevenness(spread):
    return jnp.std(spread, axis=-1).mean()


def proof_run(ink, tolerance=0.05, max_passes=12):
    model = InkSpreadNet(ink.shape[-1], nnx.Rngs(0))

    def cond(state):
        passes, spread = state
        return jnp.logical_and(passes < max_passes, unevenness(spread) > tolerance)

    def body(state):
        passes, spread = state
        spread = model(spread)
        return passes + 1, spread

    return jax.lax.while_loop(cond, body, (0, ink))


def main():
    ink = jax.random.uniform(jax.random.key(3), (6, 10))
    passes, spread = proof_run(ink)
    spread.block_until_ready()
    return None
