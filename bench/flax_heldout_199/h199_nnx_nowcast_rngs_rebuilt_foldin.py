# label: ok
# flax-error: none
# class: 4 an EnsembleRunner builds nnx.Rngs from its frozen config's seed folded with the member index in the scan body and passes them to the model held by its Engine
"""Precipitation nowcasting ensemble: perturbed initial radar fields run through a learned advection step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NowcastConfig:
    seed: int = 3
    n_members: int = 6
    perturb_scale: float = 0.2


class PerturbedNowcaster(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.advect = nnx.Conv(1, 4, (3, 3), rngs=rngs)
        self.out = nnx.Conv(4, 1, (3, 3), rngs=rngs)

    def __call__(self, field, *, rngs: nnx.Rngs, scale):
        noisy = field + scale * jax.random.normal(rngs.perturb(), field.shape)
        return nnx.relu(self.out(nnx.gelu(self.advect(noisy))))


class Engine:
    def __init__(self, model):
        self.model = model


class EnsembleRunner:
    def __init__(self, cfg: NowcastConfig, engine: Engine):
        self.cfg = cfg
        self.engine = engine

    def members(self, radar):
        base_key = jax.random.key(self.cfg.seed)

        def member(_, i):
            rngs = nnx.Rngs(perturb=jax.random.fold_in(base_key, i))
            return None, self.engine.model(radar, rngs=rngs, scale=self.cfg.perturb_scale)

        _, ensemble = jax.lax.scan(member, None, jnp.arange(self.cfg.n_members))
        return ensemble  # [n_members, H, W, 1]


def main():
    radar = jax.nn.relu(jax.random.normal(jax.random.key(0), (16, 16, 1)))
    runner = EnsembleRunner(NowcastConfig(), Engine(PerturbedNowcaster(rngs=nnx.Rngs(0))))
    return runner.members(radar)
