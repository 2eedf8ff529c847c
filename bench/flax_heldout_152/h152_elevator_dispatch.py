# label: same-values
# flax-error: none
# class: 3 DispatchSimulator.key is passed as the "arrivals" rng to apply in every scan tick
import jax
import jax.numpy as jnp
from flax import linen as nn


class ArrivalModel(nn.Module):
    floors: int = 10

    @nn.compact
    def __call__(self, hour_features):
        rates = nn.softplus(nn.Dense(self.floors, name="rates")(hour_features))
        u = jax.random.uniform(self.make_rng("arrivals"), rates.shape)
        return (u < 1.0 - jnp.exp(-rates)).astype(jnp.float32)


class DispatchSimulator:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def run(self, hour_features, n_ticks):
        def tick(queue, _):
            calls = self.model.apply(self.variables, hour_features, rngs={"arrivals": self.key})
            served = jnp.minimum(queue + calls, 1.0)
            return queue + calls - served, calls

        _, calls = jax.lax.scan(tick, jnp.zeros(self.model.floors), None, length=n_ticks)
        return calls


def main():
    model = ArrivalModel()
    hour_features = jnp.array([8.0, 1.0, 0.0, 0.5])  # hour, weekday, holiday, occupancy
    variables = model.init({"params": jax.random.key(0), "arrivals": jax.random.key(1)}, hour_features)
    simulator = DispatchSimulator(model, {"params": variables["params"]}, seed=21)
    return simulator.run(hour_features, n_ticks=8)
