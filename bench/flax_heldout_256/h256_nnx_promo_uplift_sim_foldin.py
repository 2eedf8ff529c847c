# label: ok
# flax-error: none
# class: 3 the simulator's shock_key attribute has the run index folded in inside the scan body
"""Promotion uplift simulation: loader, uplift model, simulator, main."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PromoLoader:
    def __init__(self, n_skus=4, n_features=3):
        self.n_skus, self.n_features = n_skus, n_features

    def planned_promos(self):
        depth = jnp.linspace(0.1, 0.4, self.n_skus)[:, None]
        return jnp.concatenate([depth, jnp.ones((self.n_skus, self.n_features - 1))], axis=1)


class UpliftModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.linear = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, promos):
        return jnp.exp(0.1 * self.linear(promos))[..., 0]


class UpliftSimulator:
    def __init__(self, model: UpliftModel, rngs: nnx.Rngs, noise: float = 0.15):
        self.model = model
        self.noise = noise
        self.shock_key = rngs.shock()

    def run(self, promos, n_runs: int):
        repeated = jnp.broadcast_to(promos, (n_runs,) + promos.shape)

        def one_run(_, run):
            index, plan = run
            key = jax.random.fold_in(self.shock_key, index)
            shocked = plan + self.noise * jax.random.normal(key, plan.shape)
            return None, self.model(shocked)

        _, uplift = lax.scan(one_run, None, (jnp.arange(n_runs), repeated))
        return uplift


def main():
    promos = PromoLoader().planned_promos()
    model = UpliftModel(promos.shape[1], nnx.Rngs(0))
    simulator = UpliftSimulator(model, nnx.Rngs(shock=17))
    return simulator.run(promos, n_runs=5)
