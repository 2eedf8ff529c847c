# label: ok
# flax-error: none
# class: 4 the same propagator, given a config that leaves training off
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
    Propagator(model, variables, Config(train=False)).run(jnp.ones((2, 4)))
    return None
