# label: same-values
# flax-error: none
# class: 5 a functools.partial of model.apply, bound to the variables and one gust key, is the step the fori_loop body calls
"""Rail switch heaters: Monte Carlo of wind-chill load on exposed switch heaters."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen


class GustLoad(linen.Module):
    heaters: int = 3

    @linen.compact
    def __call__(self, wind_ms):
        exposure = linen.softplus(linen.Dense(self.heaters, name="exposure")(wind_ms))
        gust = jax.random.gumbel(self.make_rng("gust"), exposure.shape)
        return exposure * (1.0 + 0.3 * gust)


@dataclass(frozen=True)
class DraftConfig:
    trials: int = 6
    seed: int = 4


def build_trial_step(model: GustLoad, variables, key):
    return functools.partial(model.apply, variables, rngs={"gust": key})


def run_trials(cfg: DraftConfig, wind_ms):
    model = GustLoad()
    root = jax.random.key(cfg.seed)
    init_key, gust_key = jax.random.split(root)
    variables = model.init({"params": init_key, "gust": gust_key}, wind_ms)
    trial = build_trial_step(model, variables, gust_key)

    def body(i, loads):
        return loads.at[i].set(trial(wind_ms))

    return jax.lax.fori_loop(0, cfg.trials, body, jnp.zeros((cfg.trials, model.heaters)))


def main():
    wind_ms = jnp.array([14.0, 3.5])
    return run_trials(DraftConfig(), wind_ms)
