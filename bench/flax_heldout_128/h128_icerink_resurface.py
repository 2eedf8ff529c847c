# label: same-values
# flax-error: none
# class: 2 a local `bound = model.bind(variables, rngs={"dropout": key})` in plan_night goes straight into the scan body
"""Ice rink resurfacing: Monte-Carlo dropout spread of predicted ice roughness.

The nightly planner binds the roughness model with a dropout key and draws a few
stochastic passes to decide how many resurfacing passes to schedule.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RoughnessNet(nn.Module):
    @nn.compact
    def __call__(self, usage, deterministic=True):
        h = nn.swish(nn.Dense(20)(usage))
        h = nn.Dropout(0.25)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


def plan_night(model, variables, usage, key, n_draws=5):
    bound = model.bind(variables, rngs={"dropout": key})

    def draw(_, __):
        return None, bound(usage, deterministic=False)

    _, draws = jax.lax.scan(draw, None, None, length=n_draws)
    passes = jnp.ceil(draws.mean(0) / 0.4)
    return passes, draws


def main():
    # skating hours, hockey hours, figure hours, ambient temp, humidity
    usage = jnp.array([[6.0, 3.0, 1.5, 11.0, 0.55], [2.0, 5.5, 0.0, 9.0, 0.62]])
    model = RoughnessNet()
    variables = model.init(jax.random.key(0), usage)
    _, draws = plan_night(model, variables, usage, jax.random.key(21))
    return draws
