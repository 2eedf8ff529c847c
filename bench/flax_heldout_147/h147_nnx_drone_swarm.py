# label: trace-context
# flax-error: TraceContextError: Cannot mutate Odometer from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the stages() generator yields step functions closing over the FormationNet; the while_loop body runs every yielded stage, and the model stage adds to the net's Odometer (an nnx.Variable subclass)
"""Drone light show: formation-keeping controller stepped until the show clock runs out."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class Odometer(nnx.Variable):
    """Total commanded displacement, reported to the flight log."""


class FormationNet(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.distance = Odometer(jnp.zeros(()))

    def __call__(self, pos):
        delta = 0.1 * jnp.tanh(self.lin(pos))
        self.distance[...] += jnp.abs(delta).sum()
        return pos + delta


def stages(model, bound=5.0):
    yield lambda pos: model(pos)
    yield lambda pos: jnp.clip(pos, -bound, bound)  # geofence
    yield lambda pos: pos - pos.mean(axis=0, keepdims=True)  # keep the swarm centred


def run_show(model, start, ticks):
    pipeline = list(stages(model))

    def cond(carry):
        return carry[0] < ticks

    def body(carry):
        t, pos = carry
        for stage in pipeline:
            pos = stage(pos)
        return t + 1, pos

    _, final = while_loop(cond, body, (0, start))
    return final


def main():
    swarm = jnp.stack([jnp.cos(jnp.arange(8.0)), jnp.sin(jnp.arange(8.0)), jnp.zeros(8)], axis=1)
    model = FormationNet(3, nnx.Rngs(0))
    final = run_show(model, swarm, ticks=10)
    _ = float(final.sum()) + float(model.distance[...])
    return None
