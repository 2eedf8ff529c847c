# label: ok
# flax-error: none
# class: 5 the droppath stream reaches the fori_loop body through the make_rngs factory, called with the config seed's key and the iteration index folded in
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class MCConfig:
    num_samples: int = 5
    seed: int = 0


def make_rngs(seed):
    return nnx.Rngs(droppath=seed)


class StochasticDepthNet(nnx.Module):
    def __init__(self, dim, depth, max_drop, *, rngs: nnx.Rngs):
        self.norms = nnx.List([nnx.LayerNorm(dim, rngs=rngs) for _ in range(depth)])
        self.fcs = nnx.List([nnx.Linear(dim, dim, rngs=rngs) for _ in range(depth)])
        self.head = nnx.Linear(dim, 3, rngs=rngs)
        self.max_drop = max_drop

    def __call__(self, x, *, rngs: nnx.Rngs | None = None):
        depth = len(self.fcs)
        for i, (norm, fc) in enumerate(zip(self.norms, self.fcs)):
            update = nnx.gelu(fc(norm(x)))
            if rngs is not None:
                rate = self.max_drop * (i + 1) / depth
                keep = jax.random.bernoulli(rngs.droppath(), 1.0 - rate, (x.shape[0], 1))
                update = jnp.where(keep, update / (1.0 - rate), 0.0)
            x = x + update
        return self.head(x)


def mc_predict(model, x, cfg: MCConfig):
    out = jnp.zeros((cfg.num_samples, x.shape[0], 3))
    base_key = jax.random.key(cfg.seed)

    def body(i, out):
        return out.at[i].set(model(x, rngs=make_rngs(jax.random.fold_in(base_key, i))))

    return fori_loop(0, cfg.num_samples, body, out)


def main():
    model = StochasticDepthNet(6, depth=3, max_drop=0.5, rngs=nnx.Rngs(0))
    x = jnp.tile(jnp.linspace(-1.0, 1.0, 6), (4, 1))
    return mc_predict(model, x, MCConfig())
