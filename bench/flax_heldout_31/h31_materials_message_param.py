# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param declared inline in the scan body of a compact message-passing module
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class CrystalConfig:
    n_atoms: int = 6
    n_species: int = 4
    dim: int = 8
    n_rounds: int = 3
    cutoff: float = 1.5


class MessagePassing(linen.Module):
    cfg: CrystalConfig

    @linen.compact
    def __call__(self, h, adjacency):
        def round_(h, _):
            w_msg = self.param("w_msg", linen.initializers.lecun_normal(), (self.cfg.dim, self.cfg.dim))
            messages = adjacency @ (h @ w_msg)
            return linen.silu(h + messages / self.cfg.n_atoms), None

        h, _ = scan(round_, h, None, length=self.cfg.n_rounds)
        return h


class PropertyRegressor(linen.Module):
    cfg: CrystalConfig

    def setup(self):
        self.embed = linen.Embed(self.cfg.n_species, self.cfg.dim)
        self.mp = MessagePassing(self.cfg)
        self.readout = linen.Dense(1)

    def __call__(self, species, positions):
        dist = jnp.linalg.norm(positions[:, None] - positions[None], axis=-1)
        adjacency = (dist < self.cfg.cutoff).astype(jnp.float32) - jnp.eye(self.cfg.n_atoms)
        h = self.mp(self.embed(species), adjacency)
        return self.readout(h.mean(axis=0))[0]


def sample_crystal(cfg, key):
    k1, k2 = jax.random.split(key)
    species = jax.random.randint(k1, (cfg.n_atoms,), 0, cfg.n_species)
    positions = jax.random.uniform(k2, (cfg.n_atoms, 3), maxval=2.0)
    return species, positions


def main():
    cfg = CrystalConfig()
    model = PropertyRegressor(cfg)
    species, positions = sample_crystal(cfg, jax.random.key(0))
    variables = model.init(jax.random.key(1), species, positions)
    band_gap = model.apply(variables, species, positions)
    _ = float(band_gap)
    return None
