# label: same-values
# flax-error: none
# class: 1 HiveWeightSimulator.rollout runs the scan itself and calls self.make_rng('weather') inside the body
"""Beekeeping: simulate daily hive weight from forage availability with weather noise; the
apiary dashboard keeps the per-day weather perturbations for its uncertainty band."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ApiaryConfig:
    n_hives: int = 5
    days: int = 7
    noise_scale: float = 0.05


class HiveWeightSimulator(nn.Module):
    noise_scale: float = 0.05

    def setup(self):
        self.dynamics = nn.Dense(1)

    def step(self, weight, forage):
        return weight + self.dynamics(jnp.concatenate([weight, forage], axis=-1))

    def rollout(self, weight0, forage_by_day):
        def body(weight, forage):
            eps = self.noise_scale * jax.random.normal(self.make_rng("weather"), weight.shape)
            return self.step(weight, forage) + eps, eps

        return jax.lax.scan(body, weight0, forage_by_day)


class ApiaryDashboard:
    def __init__(self, cfg: ApiaryConfig):
        self.cfg = cfg
        self.sim = HiveWeightSimulator(cfg.noise_scale)
        w0 = jnp.full((cfg.n_hives, 1), 40.0)
        self.params = self.sim.init(jax.random.key(0), w0, jnp.zeros((cfg.n_hives, 2)),
                                    method=HiveWeightSimulator.step)["params"]

    def weather_band(self, weight0, forage_by_day, seed):
        _, eps = self.sim.apply({"params": self.params}, weight0, forage_by_day,
                                method=HiveWeightSimulator.rollout,
                                rngs={"weather": jax.random.key(seed)})
        return eps


def main():
    cfg = ApiaryConfig()
    dash = ApiaryDashboard(cfg)
    forage = jax.random.uniform(jax.random.key(2), (cfg.days, cfg.n_hives, 2))
    return dash.weather_band(jnp.full((cfg.n_hives, 1), 40.0), forage, seed=9)
