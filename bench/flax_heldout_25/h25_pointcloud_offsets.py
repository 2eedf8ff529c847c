# label: ok
# flax-error: none
# class: 3 per-stage jitter keys split from self.make_rng before the raw scan and passed as xs
"""Point-cloud upsampling with learned child offsets and per-stage jitter."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen


@dataclasses.dataclass(frozen=True)
class UpsampleConfig:
    ratio: int = 3
    feat: int = 12
    jitter_scale: float = 0.05
    stages: int = 4


class OffsetHead(linen.Module):
    cfg: UpsampleConfig

    @linen.compact
    def __call__(self, feats):
        h = linen.gelu(linen.Dense(self.cfg.feat)(feats))
        return linen.Dense(3 * self.cfg.ratio)(h).reshape(feats.shape[0], self.cfg.ratio, 3)


class Upsampler(linen.Module):
    cfg: UpsampleConfig

    def setup(self):
        self.embed = linen.Dense(self.cfg.feat)
        self.head = OffsetHead(self.cfg)

    def _jitter(self, key, shape):
        return self.cfg.jitter_scale * jax.random.normal(key, shape)

    def _stage(self, points, key):
        feats = self.embed(points)
        offsets = self.head(feats)
        noise = self._jitter(key, offsets.shape)
        children = points[:, None, :] + 0.1 * jnp.tanh(offsets) + noise
        refined = children.mean(axis=1)
        return refined, noise[0, 0]

    def __call__(self, points):
        self.head(self.embed(points))
        keys = jax.random.split(self.make_rng("jitter"), self.cfg.stages)
        refined, jitter_trace = scan(self._stage, points, keys)
        return refined, jitter_trace


def main():
    cfg = UpsampleConfig()
    model = Upsampler(cfg)
    points = jax.random.uniform(jax.random.key(1), (32, 3))
    variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(2)}, points)
    refined, jitter_trace = model.apply(variables, points, rngs={"jitter": jax.random.key(3)})
    print("spread", float(refined.std()))
    return jitter_trace
