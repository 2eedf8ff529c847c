# label: same-values
# flax-error: none
# class: 1 WaveEnsemble.rollout runs lax.scan itself and calls self.make_rng("perturb") inside the body
"""Ocean-buoy wave ensemble: perturbed rollouts of significant wave height for a buoy network."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    buoys: int = 6
    members: int = 4
    steps: int = 5
    spread: float = 0.1


class WaveEnsemble(nn.Module):
    config: EnsembleConfig

    def setup(self):
        self.dynamics = nn.Dense(self.config.buoys)

    def __call__(self, heights):
        return heights + 0.1 * jnp.tanh(self.dynamics(heights))

    def rollout(self, heights):
        cfg = self.config

        def advance(h, _):
            noise = jax.random.normal(self.make_rng("perturb"), (cfg.members, cfg.buoys))
            member_heights = self(h)[None] + cfg.spread * noise
            return h, member_heights

        _, members = lax.scan(advance, heights, None, length=cfg.steps)
        return members  # [steps, members, buoys]


def main():
    config = EnsembleConfig()
    model = WaveEnsemble(config)
    heights = jnp.full((config.buoys,), 1.5)
    variables = model.init(jax.random.key(0), heights)
    members = model.apply(
        variables, heights, method=WaveEnsemble.rollout, rngs={"perturb": jax.random.key(42)}
    )
    return members
