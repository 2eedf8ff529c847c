# label: ok
# flax-error: none
# class: 5 a step factory registered by decorator merges the NNX model inside the fori_loop body from the state carried through the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as jax_lax

MAINTENANCE_STEPS = {}


def register(name):
    def deco(factory):
        MAINTENANCE_STEPS[name] = factory
        return factory

    return deco


class ResDenoiser(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.8, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x):
        return x - self.out(nnx.relu(self.bn(self.proj(x))))


@register("bn_refresh")
def bn_refresh(graphdef, batches):
    def body(i, state):
        model = nnx.merge(graphdef, state)
        model(batches[i])
        return nnx.state(model)

    return body


def run_maintenance(name, model, batches):
    graphdef, state = nnx.split(model)
    body = MAINTENANCE_STEPS[name](graphdef, batches)
    state = jax_lax.fori_loop(0, batches.shape[0], body, state)
    nnx.update(model, state)
    return model


def main():
    model = ResDenoiser(4, 16, rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 8, 4))
    model = run_maintenance("bn_refresh", model, batches)
    stat_scale = jax.tree.map(lambda a: jnp.abs(a).max(), nnx.state(model, nnx.BatchStat))
    jax.block_until_ready(stat_scale)
    return None
