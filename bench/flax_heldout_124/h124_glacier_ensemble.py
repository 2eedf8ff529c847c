# label: same-values
# flax-error: none
# class: 4 EnsembleRunner.member.run applies the model with rngs={"perturb": runner.schedule.base_key} from a frozen PerturbationSchedule
"""Glacier melt: perturbed-physics ensemble of daily ablation per stake."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class MeltModel(nn.Module):
    @nn.compact
    def __call__(self, forcing):
        melt = nn.softplus(nn.Dense(1)(forcing))[..., 0]
        eps = jax.random.normal(self.make_rng("perturb"), melt.shape)
        return melt * (1.0 + 0.2 * eps)


@dataclass(frozen=True)
class PerturbationSchedule:
    base_key: jax.Array
    n_members: int


class EnsembleMember:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, forcing, key):
        return self.model.apply(self.variables, forcing, rngs={"perturb": key})


class EnsembleRunner:
    def __init__(self, member, schedule):
        self.member = member
        self.schedule = schedule

    def run_all(self, forcing):
        def body(carry, member_id):
            return carry, self.member.run(forcing, self.schedule.base_key)

        _, melts = scan(body, None, jnp.arange(self.schedule.n_members))
        return melts


def main():
    stakes, n_feat = 6, 4
    forcing = jax.random.normal(jax.random.key(0), (stakes, n_feat))
    model = MeltModel()
    variables = model.init({"params": jax.random.key(1), "perturb": jax.random.key(2)}, forcing)
    runner = EnsembleRunner(EnsembleMember(model, variables),
                            PerturbationSchedule(jax.random.key(3), n_members=5))
    return runner.run_all(forcing)
