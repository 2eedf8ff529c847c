# label: ok
# flax-error: none
# class: 5 a step factory registered with @register("melt") closes over model and params; while_loop body is the returned step, which applies the model with mutable=["batch_stats"] and carries the stats
"""Glacier mass balance: step a melt-rate network day by day until the ice is gone."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

STEP_FACTORIES = {}


def register(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorator


class MeltRateNet(nn.Module):
    @nn.compact
    def __call__(self, forcing, train: bool):
        h = nn.Dense(8)(forcing)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


@register("melt")
def make_melt_step(model, variables, forcing):
    params = variables["params"]

    def step(state):
        day, ice, batch_stats = state
        melt, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, forcing[day], train=True, mutable=["batch_stats"]
        )
        return day + 1, ice - melt.mean(), updates["batch_stats"]

    return step


def simulate(name, model, variables, forcing, ice0):
    step = STEP_FACTORIES[name](model, variables, forcing)

    def cond(state):
        day, ice, _ = state
        return (day < forcing.shape[0]) & (ice > 0.0)

    return lax.while_loop(cond, step, (0, ice0, variables["batch_stats"]))


def main():
    model = MeltRateNet()
    forcing = jax.random.normal(jax.random.key(4), (10, 6, 3))  # days x stakes x (temp, radiation, albedo)
    variables = model.init(jax.random.key(0), forcing[0], train=False)
    simulate("melt", model, variables, forcing, jnp.asarray(5.0))
