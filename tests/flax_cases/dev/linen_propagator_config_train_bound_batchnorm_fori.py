# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a propagator object's config, from its constructor, sets the train flag of a bound module's BatchNorm in a fori_loop body
"""Propagation rounds over a bound Linen module, the mode set by the propagator's config."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

@dataclasses.dataclass(frozen=True)
class Config:
    rounds: int = 3
    train: bool = True

class Net(nn.Module):
    @nn.compact
    def round(self, h, train: bool):
        return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(h))

    def __call__(self, h):
        return self.round(h, False)

class Propagator:
    def __init__(self, model, variables, cfg):
        self.bound = model.bind(variables)
        self.cfg = cfg

    def run(self, h):
        def body(i, h):
            return self.bound.round(h, train=self.cfg.train)
        return jax.lax.fori_loop(0, self.cfg.rounds, body, h)

def main():
    model = Net()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
    Propagator(model, variables, Config()).run(jnp.ones((2, 4)))
    return None
