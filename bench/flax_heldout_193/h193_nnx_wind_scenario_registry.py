# label: same-values
# flax-error: none
# class: 5 the "wind" entry of a decorator registry is a factory returning jax.checkpoint(step); the step closes over the model and a seed key and builds nnx.Rngs(noise=key) on each call; the while_loop body calls it
"""Wind-farm power scenarios for the trading desk: a registry of scenario generators, each a
factory returning a step function (rematerialised, as the production ones run on long
horizons); the wind generator samples turbine power curves around a learned forecast."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
SCENARIO_GENERATORS = {}


def register(name):
    def wrap(factory):
        SCENARIO_GENERATORS[name] = factory
        return factory
    return wrap


class PowerForecast(nnx.Module):
    def __init__(self, feat_dim: int, horizon: int, *, rngs: nnx.Rngs):
        self.mean = nnx.Linear(feat_dim, horizon, rngs=rngs)
        self.spread = nnx.Linear(feat_dim, horizon, rngs=rngs)

    def sample(self, features, rngs: nnx.Rngs):
        mean = nnx.sigmoid(self.mean(features))
        spread = 0.1 * nnx.softplus(self.spread(features))
        return jnp.clip(mean + spread * jax.random.normal(rngs.noise(), mean.shape), 0.0, 1.0)


@register("wind")
def make_wind_step(model: PowerForecast, seed_key):
    def step(features):
        return model.sample(features, nnx.Rngs(noise=seed_key))
    return jax.checkpoint(step)


def generate(kind, model, features, num_scenarios: int, seed: int):
    step = SCENARIO_GENERATORS[kind](model, jax.random.key(seed))
    horizon = model.mean.out_features

    def more(carry):
        return carry[0] < num_scenarios

    def draw(carry):
        i, out = carry
        return i + 1, out.at[i].set(step(features))

    _, scenarios = lax.while_loop(more, draw, (0, jnp.zeros((num_scenarios, horizon))))
    return scenarios


def main():
    model = PowerForecast(8, horizon=12, rngs=nnx.Rngs(0))
    features = jax.random.normal(jax.random.key(3), (8,))
    scenarios = generate("wind", model, features, num_scenarios=5, seed=21)
    print("p90 of total energy:", float(jnp.percentile(scenarios.sum(axis=1), 90)))
    return scenarios
