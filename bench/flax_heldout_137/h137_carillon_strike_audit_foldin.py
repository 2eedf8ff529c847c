# label: ok
# flax-error: none
# class: 4 the AuditRunner folds the lax.fori_loop step into its frozen AuditConfig's jitter_key before passing it as rngs={"jitter": ...} to model.apply
"""Carillon maintenance: audit clapper strike timing with a stochastic striking simulator."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class StrikeSimulator(nn.Module):
    bells: int

    @nn.compact
    def __call__(self, tension):
        timing = nn.Dense(self.bells)(tension)
        jitter = jax.random.normal(self.make_rng("jitter"), timing.shape)
        return timing + 0.05 * jitter


@dataclass(frozen=True)
class AuditConfig:
    passes: int
    jitter_key: jax.Array


class AuditRunner:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def strike(self, tension, step):
        return self.model.apply(self.variables, tension, rngs={"jitter": jax.random.fold_in(self.config.jitter_key, step)})

    def audit(self, tension):
        bells = self.model.bells
        timings = jnp.zeros((self.config.passes, bells))

        def body(i, timings):
            return timings.at[i].set(self.strike(tension, i))

        return lax.fori_loop(0, self.config.passes, body, timings)


def main():
    model = StrikeSimulator(bells=8)
    tension = jax.random.uniform(jax.random.key(0), (4,))
    variables = model.init({"params": jax.random.key(1), "jitter": jax.random.key(2)}, tension)
    runner = AuditRunner(model, variables, AuditConfig(passes=5, jitter_key=jax.random.key(3)))
    return runner.audit(tension)
