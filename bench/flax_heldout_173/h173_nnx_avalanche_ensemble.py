# label: same-values
# flax-error: none
# class: 4 DangerForecaster.sample_scenarios' scan body calls self.ensemble.sample, which hands every member the perturbation key the ensemble drew from its nnx.Rngs at construction
"""Avalanche danger forecaster built on an ensemble of heterogeneous NNX models.

Members: a snowpack-stability MLP, a linear wind-loading model and a stochastic weak-layer model
that perturbs the weather inputs. The forecaster scans Monte-Carlo scenarios and returns the
danger index of every scenario so the bulletin can quote a spread.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class StabilityMLP(nnx.Module):
    def __init__(self, d: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(d, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x, key=None):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class WindLoading(nnx.Module):
    def __init__(self, d: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d, 1, rngs=rngs)

    def __call__(self, x, key=None):
        return self.proj(x)[..., 0]


class WeakLayerModel(nnx.Module):
    def __init__(self, d: int, noise: float, rngs: nnx.Rngs):
        self.noise = noise
        self.proj = nnx.Linear(d, 1, rngs=rngs)

    def __call__(self, x, key=None):
        perturbed = x + self.noise * jax.random.normal(key, x.shape)
        return self.proj(perturbed)[..., 0]


class Ensemble:
    def __init__(self, members, rngs: nnx.Rngs):
        self.members = members
        self.perturbation_key = rngs.scenario()

    def sample(self, x):
        scores = [m(x, key=self.perturbation_key) for m in self.members]
        return jax.nn.sigmoid(sum(scores) / len(scores)) * 5.0  # danger scale 1..5


class DangerForecaster:
    def __init__(self, ensemble: Ensemble):
        self.ensemble = ensemble

    def sample_scenarios(self, weather, n_scenarios: int):
        def body(carry, scenario):
            return carry, self.ensemble.sample(weather)

        _, danger = scan(body, None, jnp.arange(n_scenarios))
        return danger


def main():
    d = 6  # new snow, wind speed, wind direction, temperature gradient, slope angle, aspect
    rngs = nnx.Rngs(params=0, scenario=42)
    members = [StabilityMLP(d, rngs), WindLoading(d, rngs), WeakLayerModel(d, 0.5, rngs)]
    forecaster = DangerForecaster(Ensemble(members, rngs))
    weather = jax.random.normal(jax.random.key(3), (4, d))  # four slopes
    danger = forecaster.sample_scenarios(weather, n_scenarios=8)
    print("danger spread", jnp.std(danger, axis=0))
    return danger
