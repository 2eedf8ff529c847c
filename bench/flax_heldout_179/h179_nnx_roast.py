# label: same-values
# flax-error: none
# class: 1 the roaster module's own simulate method runs the scan and builds nnx.Rngs from its SeedKey variable inside the step body for its Dropout
"""Coffee roasting: simulates bean temperature with random thermocouple dropouts."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SeedKey(nnx.Variable):
    """A PRNG key kept on the module, not trained."""


class RoastProfiler(nnx.Module):
    def __init__(self, n_probes: int, seed: int, rngs: nnx.Rngs):
        self.heat = nnx.Linear(n_probes, n_probes, rngs=rngs)
        self.probe_dropout = nnx.Dropout(0.25, deterministic=False)
        self.seed_key = SeedKey(jax.random.key(seed))

    def simulate(self, bean_temp, burner):
        def tick(temp, power):
            temp = temp + 0.05 * nnx.tanh(self.heat(temp)) + 0.01 * power
            probe_rngs = nnx.Rngs(dropout=self.seed_key[...])
            alive = self.probe_dropout(jnp.ones_like(temp), rngs=probe_rngs) > 0
            return temp, alive

        _, alive = scan(tick, bean_temp, burner)
        return alive  # which probes reported at each tick


class RoastSession:
    def __init__(self, n_probes: int = 8):
        self.profiler = RoastProfiler(n_probes, seed=21, rngs=nnx.Rngs(0))

    def run(self, n_ticks: int = 12):
        start = jnp.full((8,), 0.2)
        burner = jnp.linspace(1.0, 0.4, n_ticks)
        return self.profiler.simulate(start, burner)


def main():
    return RoastSession().run()


if __name__ == "__main__":
    print(main())
