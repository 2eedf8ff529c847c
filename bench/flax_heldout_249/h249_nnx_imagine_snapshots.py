# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body comes from make_rollout_step(graphdef, snapshots), a closure that appends each merged model's Belief state to the snapshots list used after the loop

import jax
import jax.numpy as jnp
from flax import nnx
import jax.lax as lax

DETER, ACTIONS = 6, 2


class Belief(nnx.Variable):
    pass


class LatentImaginer(nnx.Module):
    def __init__(self, *, rngs):
        self.gru = nnx.GRUCell(ACTIONS, DETER, rngs=rngs)
        self.policy = nnx.Linear(DETER, ACTIONS, rngs=rngs)
        self.value = nnx.Linear(DETER, 1, rngs=rngs)
        self.belief = Belief(jnp.zeros((1, DETER)))

    def step(self):
        action = jnp.tanh(self.policy(self.belief[...]))
        h, _ = self.gru(self.belief[...], action)
        self.belief[...] = h
        return self.value(h)[..., 0]


def make_rollout_step(graphdef, snapshots):
    def rollout_step(state, _):
        model = nnx.merge(graphdef, state)
        v = model.step()
        snapshots.append(nnx.state(model, Belief))
        return nnx.state(model), v
    return rollout_step


def imagine(model, horizon):
    graphdef, state = nnx.split(model)
    snapshots = []
    _, values = lax.scan(make_rollout_step(graphdef, snapshots), state, None, length=horizon)
    nnx.update(model, snapshots[-1])
    return values


def main():
    model = LatentImaginer(rngs=nnx.Rngs(0))
    model.belief[...] = jnp.full((1, DETER), 0.1)
    values = imagine(model, horizon=4)
    bootstrap = model.value(model.belief[...])[..., 0]
    jax.block_until_ready(values.sum() + bootstrap)
