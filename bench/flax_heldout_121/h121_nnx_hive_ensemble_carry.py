# label: ok
# flax-error: none
# class: 3 HiveEnsemble keeps self.graphdef and self.state from nnx.split; the state (Dropout rng count included) rides in the scan carry, is merged in the body and stored back after the loop
"""Beekeeping: the swarm-risk model (hive weight trend, brood temperature, acoustic band
energy) is sampled with Monte Carlo dropout; the apiary app shows the spread of the draws."""
import jax
import jax.numpy as jnp
from flax import nnx


class SwarmRiskNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(self.drop(nnx.gelu(self.l1(x))))).squeeze(-1)


class HiveEnsemble:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def draws(self, hives, n_draws):
        def body(state, _):
            model = nnx.merge(self.graphdef, state)
            risk = model(hives)
            return nnx.state(model), risk

        self.state, risk = jax.lax.scan(body, self.state, None, length=n_draws)
        return risk


def main():
    model = SwarmRiskNet(3, 32, rngs=nnx.Rngs(params=0, dropout=5))
    ensemble = HiveEnsemble(model)
    hives = jax.random.normal(jax.random.key(1), (6, 3))
    return ensemble.draws(hives, n_draws=8)
