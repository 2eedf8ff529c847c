# label: same-values
# flax-error: none
# class: 3 ScenarioSampler keeps model.bind(variables, rngs={"scenario": key}) as self.bound; the scan body calls self.bound.sample_path
"""Day-ahead electricity load scenarios for a distribution operator: a forecaster gives the mean
hourly load and a learned spread, and Monte Carlo scenarios are drawn around it for the unit
commitment solver."""
import jax
import jax.numpy as jnp
import flax.linen as nn

HORIZON = 24


class LoadForecaster(nn.Module):
    horizon: int = HORIZON

    @nn.compact
    def __call__(self, history):
        h = nn.swish(nn.Dense(32)(history))
        mean = nn.Dense(self.horizon, name="mean")(h)
        spread = nn.softplus(nn.Dense(self.horizon, name="spread")(h))
        return mean, spread

    def sample_path(self, history):
        mean, spread = self(history)
        return mean + spread * jax.random.normal(self.make_rng("scenario"), mean.shape)


class ScenarioSampler:
    def __init__(self, model, variables, key):
        self.bound = model.bind(variables, rngs={"scenario": key})

    def sample(self, history, num_scenarios: int):
        def draw(_, index):
            return None, self.bound.sample_path(history)

        _, paths = jax.lax.scan(draw, None, jnp.arange(num_scenarios))
        return paths


def main():
    history = jax.random.uniform(jax.random.key(11), (7 * 24,))
    model = LoadForecaster()
    variables = model.init(jax.random.key(0), history)
    sampler = ScenarioSampler(model, variables, jax.random.key(42))
    paths = sampler.sample(history, num_scenarios=5)
    print("peak load spread across scenarios:", float(paths.max(axis=1).std()))
    return paths
