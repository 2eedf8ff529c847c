# label: trace-context
# flax-error: TraceContextError: Cannot mutate PeakHold from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 master_track builds its stages as a local nnx.List; the while_loop body walks them with a for loop and each stage writes its PeakHold variable
"""Audio mastering chain: gain stages with peak-hold meters, run block by block until the track ends."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PeakHold(nnx.Variable):
    """Meter state: the loudest absolute sample a stage has passed."""


class GainStage(nnx.Module):
    def __init__(self, channels, *, rngs):
        self.gain = nnx.Param(1.0 + 0.1 * jax.random.normal(rngs.params(), (channels,)))
        self.peak = PeakHold(jnp.zeros((channels,)))

    def __call__(self, block):
        out = jnp.tanh(self.gain[...] * block)
        self.peak[...] = jnp.maximum(self.peak[...], jnp.abs(out).max(axis=0))
        return out


def build_chain(channels, depth, seed=0):
    rngs = nnx.Rngs(seed)
    return nnx.List([GainStage(channels, rngs=rngs) for _ in range(depth)])


def master_track(blocks, depth=3):
    stages = build_chain(blocks.shape[-1], depth)

    def cond(state):
        return state[0] < blocks.shape[0]

    def body(state):
        i, energy = state
        x = blocks[i]
        for stage in stages:
            x = stage(x)
        return i + 1, energy + jnp.sum(x**2)

    _, energy = lax.while_loop(cond, body, (0, jnp.float32(0.0)))
    return energy, [stage.peak[...] for stage in stages]


def main():
    blocks = jax.random.normal(jax.random.key(3), (5, 16, 2))
    energy, peaks = master_track(blocks)
    jnp.stack(peaks).block_until_ready()
    return None
