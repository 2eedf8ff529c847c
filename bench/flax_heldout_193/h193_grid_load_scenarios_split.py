# label: ok
# flax-error: none
# class: 3 ScenarioSampler keeps model.bind(variables) as self.bound; the keys are split before the scan and each step gets its own key as a scanned input
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

    def sample_path(self, history, key):
        mean, spread = self(history)
        return mean + spread * jax.random.normal(key, mean.shape)


class ScenarioSampler:
    def __init__(self, model, variables, key):
        self.bound = model.bind(variables)
        self.key = key

    def sample(self, history, num_scenarios: int):
        def draw(_, key):
            return None, self.bound.sample_path(history, key)

        _, paths = jax.lax.scan(draw, None, jax.random.split(self.key, num_scenarios))
        return paths


def main():
    history = jax.random.uniform(jax.random.key(11), (7 * 24,))
    model = LoadForecaster()
    variables = model.init(jax.random.key(0), history)
    sampler = ScenarioSampler(model, variables, jax.random.key(42))
    paths = sampler.sample(history, num_scenarios=5)
    print("peak load spread across scenarios:", float(paths.max(axis=1).std()))
    return paths
