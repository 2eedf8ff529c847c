# label: ok
# flax-error: none
# class: 4 train flag passed from the simulator through a while_loop wrapper and model to an nnx.Dropout, left deterministic for evaluation
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CityConfig:
    n_zones: int = 6
    hidden: int = 12
    max_steps: int = 8
    dropout: float = 0.2


def run_until(cond, body, init):
    return jax.lax.while_loop(cond, body, init)


class FlowBlock(nnx.Module):
    def __init__(self, cfg: CityConfig, rngs: nnx.Rngs):
        self.linear = nnx.Linear(cfg.n_zones, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, x, deterministic):
        return self.drop(nnx.gelu(self.linear(x)), deterministic=deterministic)


class ODModel(nnx.Module):
    def __init__(self, cfg: CityConfig, rngs: nnx.Rngs):
        self.blocks = nnx.List([FlowBlock(cfg, rngs)])
        self.out = nnx.Linear(cfg.hidden, cfg.n_zones, rngs=rngs)

    def __call__(self, occupancy, deterministic=True):
        h = occupancy
        for block in self.blocks:
            h = block(h, deterministic)
        return nnx.softmax(self.out(h))


class MobilitySimulator:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg

    def rollout(self, occupancy, train=False):
        def cond(state):
            t, occ = state
            return (t < self.cfg.max_steps) & (occ.max() < 0.9)

        def body(state):
            t, occ = state
            transition = self.model(occ, deterministic=not train)
            return t + 1, 0.7 * occ + 0.3 * transition

        return run_until(cond, body, (jnp.array(0), occupancy))


def main():
    cfg = CityConfig()
    model = ODModel(cfg, nnx.Rngs(params=0, dropout=1))
    sim = MobilitySimulator(model, cfg)
    occupancy = jnp.full((cfg.n_zones,), 1.0 / cfg.n_zones)
    steps, final = sim.rollout(occupancy, train=False)
    _ = int(steps) + float(final.sum())
    return None
