# label: ok
# flax-error: none
# class: 3 the ExcursionSimulator's noise_key attribute: the while_loop body folds the scenario index into self.noise_key before passing it to self.model.apply
"""Cold-chain logistics: simulate temperature excursions for a vaccine shipment route.

Each scenario draws logger noise from the model's "sensor" stream; scenarios are filled
into a fixed buffer with a while_loop so the sampler can stop early in production.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ContainerThermalModel(nn.Module):
    legs: int = 6

    @nn.compact
    def __call__(self, route):
        h = nn.tanh(nn.Dense(12, name="insulation")(route))
        drift = nn.Dense(self.legs, name="leg_drift")(h.mean(0))
        logger_noise = 0.3 * jax.random.normal(self.make_rng("sensor"), (self.legs,))
        return 5.0 + jnp.cumsum(drift + logger_noise)


class ExcursionSimulator:
    def __init__(self, model, variables, noise_key, scenarios: int = 5):
        self.model = model
        self.variables = variables
        self.noise_key = noise_key
        self.scenarios = scenarios

    def simulate(self, route):
        buffer = jnp.zeros((self.scenarios, self.model.legs))

        def keep_going(state):
            i, _ = state
            return i < self.scenarios

        def scenario(state):
            i, buf = state
            key = jax.random.fold_in(self.noise_key, i)
            temps = self.model.apply(self.variables, route, rngs={"sensor": key})
            return i + 1, buf.at[i].set(temps)

        _, buffer = lax.while_loop(keep_going, scenario, (0, buffer))
        return buffer

    def excursion_risk(self, route, limit_c=8.0):
        temps = self.simulate(route)
        return temps, (temps.max(-1) > limit_c).mean()


def main():
    route = jax.random.normal(jax.random.key(0), (6, 4))  # 6 legs x 4 route features
    model = ContainerThermalModel()
    variables = model.init({"params": jax.random.key(1), "sensor": jax.random.key(2)}, route)
    temps, _ = ExcursionSimulator(model, variables, jax.random.key(3)).excursion_risk(route)
    return temps
