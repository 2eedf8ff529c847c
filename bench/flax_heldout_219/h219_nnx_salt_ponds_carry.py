# label: ok
# flax-error: none
# class: 4 the pond model's nnx.split state goes through the scan carry and leaves the loop as the final carry; nnx.update writes it back and the runner stores self.model in self.registry.latest[pond] for PondRegistry.report
"""Salt evaporation ponds: a brine model predicts the salinity gain per day from weather;
the runner steps every pond through the season and a registry keeps the latest model per
pond for the harvest report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class BrineModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.weather = nnx.Linear(3, 6, rngs=rngs)
        self.gain = nnx.Linear(6, 1, rngs=rngs)
        self.days = nnx.BatchStat(jnp.zeros((), jnp.int32))

    def __call__(self, weather):
        self.days[...] += 1
        return nnx.softplus(self.gain(nnx.tanh(self.weather(weather))))[0]


class PondRegistry:
    def __init__(self):
        self.latest = {}

    def report(self, pond, weather):
        return self.latest[pond](weather)


class EvaporationRunner:
    def __init__(self, registry, seed=0):
        self.registry = registry
        self.model = BrineModel(nnx.Rngs(seed))

    def season(self, pond, weather):
        graphdef, state = nnx.split(self.model)

        def body(carry, w):
            salinity, state = carry
            pond_model = nnx.merge(graphdef, state)
            salinity = salinity + pond_model(w)
            return (salinity, nnx.state(pond_model)), salinity

        (salinity, state), _ = lax.scan(body, (jnp.asarray(3.5), state), weather)
        nnx.update(self.model, state)
        self.registry.latest[pond] = self.model
        return salinity


def main():
    weather = jax.random.uniform(jax.random.key(6), (20, 3))
    registry = PondRegistry()
    runner = EvaporationRunner(registry)
    runner.season("pond-7", weather)
    registry.report("pond-7", weather[-1])
    return None
