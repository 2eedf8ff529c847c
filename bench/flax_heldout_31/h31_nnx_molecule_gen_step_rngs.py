# label: ok
# flax-error: none
# class: 3 bound-method scan body builds a fresh nnx.Rngs from a per-step key passed as xs and hands it to the sampler helper
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MoleculeConfig:
    n_atom_types: int = 5
    hidden: int = 8
    max_atoms: int = 7
    temperature: float = 0.8


class AtomSampler(nnx.Module):
    def __init__(self, cfg: MoleculeConfig, rngs: nnx.Rngs):
        self.logits_net = nnx.Linear(cfg.hidden, cfg.n_atom_types, rngs=rngs)
        self.rngs = rngs

    def draw(self, h, temperature, rngs=None):
        rngs = self.rngs if rngs is None else rngs
        logits = self.logits_net(h) / temperature
        return jax.random.categorical(rngs.sample(), logits)


class MoleculeGenerator(nnx.Module):
    def __init__(self, cfg: MoleculeConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.n_atom_types, cfg.hidden, rngs=rngs)
        self.cell = nnx.Linear(2 * cfg.hidden, cfg.hidden, rngs=rngs)
        self.sampler = AtomSampler(cfg, rngs)

    def _grow(self, carry, step_key):
        h, atom = carry
        h = jnp.tanh(self.cell(jnp.concatenate([h, self.embed(atom)])))
        nxt = self.sampler.draw(h, self.cfg.temperature, nnx.Rngs(sample=step_key))
        return (h, nxt), nxt

    def generate(self, start_atom, key):
        carry = (jnp.zeros((self.cfg.hidden,)), start_atom)
        step_keys = jax.random.split(key, self.cfg.max_atoms)
        _, atoms = jax.lax.scan(self._grow, carry, step_keys)
        return atoms


def valence_ok(atoms, max_valence=4):
    return jnp.all(jnp.bincount(atoms, length=max_valence + 1) <= max_valence)


def main():
    cfg = MoleculeConfig()
    generator = MoleculeGenerator(cfg, nnx.Rngs(params=0, sample=1))
    atoms = generator.generate(jnp.array(0), jax.random.key(2))
    _ = bool(valence_ok(atoms))
    return None
