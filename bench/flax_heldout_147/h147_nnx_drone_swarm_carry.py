# label: ok
# flax-error: none
# class: 5 the stages() generator yields step functions taking and returning the FormationNet's nnx.split state; the while_loop body runs every yielded stage with that state in the carry, and nnx.update writes the Odometer back after the loop
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


def stages(graphdef, bound=5.0):
    def model_stage(state, pos):
        model = nnx.merge(graphdef, state)
        pos = model(pos)
        return nnx.state(model), pos

    yield model_stage
    yield lambda state, pos: (state, jnp.clip(pos, -bound, bound))  # geofence
    yield lambda state, pos: (state, pos - pos.mean(axis=0, keepdims=True))  # keep the swarm centred


def run_show(model, start, ticks):
    graphdef, state = nnx.split(model)
    pipeline = list(stages(graphdef))

    def cond(carry):
        return carry[0] < ticks

    def body(carry):
        t, state, pos = carry
        for stage in pipeline:
            state, pos = stage(state, pos)
        return t + 1, state, pos

    _, state, final = while_loop(cond, body, (0, state, start))
    nnx.update(model, state)
    return final


def main():
    swarm = jnp.stack([jnp.cos(jnp.arange(8.0)), jnp.sin(jnp.arange(8.0)), jnp.zeros(8)], axis=1)
    model = FormationNet(3, nnx.Rngs(0))
    final = run_show(model, swarm, ticks=10)
    _ = float(final.sum()) + float(model.distance[...])
    return None
