# label: ok
# flax-error: none
# class: 1 the predictor's __call__ runs the message-passing fori_loop, carries the round count and writes its 'diagnostics' variable once after the loop
"""Chemistry: a message-passing property predictor that records how many rounds it ran."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PredictorConfig:
    atom_features: int = 8
    hidden: int = 16
    rounds: int = 3
    molecules: int = 4
    atoms: int = 5


class MessagePassingPredictor(nn.Module):
    cfg: PredictorConfig

    def setup(self):
        self.embed = nn.Dense(self.cfg.hidden)
        self.message = nn.Dense(self.cfg.hidden)
        self.readout = nn.Dense(1)
        self.rounds_run = self.variable("diagnostics", "rounds_run", lambda: jnp.zeros((), jnp.int32))

    def warm_start(self, atoms, adjacency):
        """Touches every submodule once; used for init so the loop is never traced there."""
        h = self.embed(atoms)
        return self.readout(nn.tanh(h + adjacency @ self.message(h)).mean(axis=-2))

    def __call__(self, atoms, adjacency):
        h = self.embed(atoms)

        def round_fn(_, carry):
            h, count = carry
            return nn.tanh(h + adjacency @ self.message(h)), count + 1

        h, count = lax.fori_loop(0, self.cfg.rounds, round_fn, (h, jnp.zeros((), jnp.int32)))
        self.rounds_run.value = self.rounds_run.value + count
        return self.readout(h.mean(axis=-2)).squeeze(-1)


class SolubilityTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = MessagePassingPredictor(cfg)

    def init(self, key, atoms, adjacency):
        return self.model.init(key, atoms, adjacency, method=MessagePassingPredictor.warm_start)

    def evaluate(self, variables, atoms, adjacency):
        preds, state = self.model.apply(variables, atoms, adjacency, mutable=["diagnostics"])
        variables = {**variables, **state}
        mean_rounds = jnp.mean(variables["diagnostics"]["rounds_run"].astype(jnp.float32))
        return preds, mean_rounds


def main():
    cfg = PredictorConfig()
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    atoms = jax.random.normal(k1, (cfg.molecules, cfg.atoms, cfg.atom_features))
    adjacency = (jax.random.uniform(k2, (cfg.molecules, cfg.atoms, cfg.atoms)) > 0.5).astype(jnp.float32)
    trainer = SolubilityTrainer(cfg)
    variables = trainer.init(k3, atoms, adjacency)
    preds, mean_rounds = trainer.evaluate(variables, atoms, adjacency)
    (preds.sum() + mean_rounds).block_until_ready()
    return None
