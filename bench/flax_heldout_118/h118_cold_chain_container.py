# label: same-values
# flax-error: none
# class: 4 the simulator holds a perturbation strategy picked at runtime from a decorator registry; the strategy keeps model.apply, the variables and one fixed dropout key, and the fori_loop body calls simulator.strategy.sample(...)
"""Cold-chain freight monitoring: a reefer container's temperature model is sampled with
Monte-Carlo dropout to estimate how likely the cargo is to leave the 2-8 C band. The
perturbation strategy is configured per shipping lane and looked up in a registry."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STRATEGIES = {}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


class ReeferTempNet(nn.Module):
    @nn.compact
    def __call__(self, telemetry, deterministic: bool = True):
        h = nn.relu(nn.Dense(32)(telemetry))
        h = nn.Dropout(0.25, deterministic=deterministic)(h)
        return 5.0 + 3.0 * jnp.tanh(nn.Dense(1)(h))[..., 0]


@register_strategy("mc_dropout")
class DropoutStrategy:
    def __init__(self, apply_fn, variables, seed):
        self.apply_fn = apply_fn
        self.variables = variables
        self.rngs = {"dropout": jax.random.key(seed)}

    def sample(self, telemetry):
        return self.apply_fn(self.variables, telemetry, deterministic=False, rngs=self.rngs)


class ContainerSimulator:
    def __init__(self, lane_config, model, variables):
        strategy_cls = STRATEGIES[lane_config["strategy"]]
        self.strategy = strategy_cls(model.apply, variables, lane_config["seed"])
        self.n_samples = lane_config["n_samples"]

    def temperature_samples(self, telemetry):
        def draw(i, samples):
            return samples.at[i].set(self.strategy.sample(telemetry))
        return jax.lax.fori_loop(0, self.n_samples, draw, jnp.zeros((self.n_samples,) + telemetry.shape[:1]))


def main():
    lane = {"strategy": "mc_dropout", "seed": 5, "n_samples": 6}
    telemetry = jax.random.normal(jax.random.key(0), (3, 6))  # probes x (set point, ambient, door, ...)
    model = ReeferTempNet()
    variables = model.init(jax.random.key(1), telemetry)
    simulator = ContainerSimulator(lane, model, variables)
    return simulator.temperature_samples(telemetry)
