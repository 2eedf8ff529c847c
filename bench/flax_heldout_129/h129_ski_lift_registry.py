# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a @register_head factory closes a functools.partial(model.apply, variables, train=cfg.train) over the fori_loop body; the BatchNorm statistics cannot be written
"""Cable-load heads for a ski-lift monitoring service.

Heads are registered with a decorator; each factory turns (model, variables, config) into a
fori_loop step that walks the load profile along the cable towers.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

HEADS = {}


def register_head(name):
    def decorate(factory):
        HEADS[name] = factory
        return factory

    return decorate


@dataclasses.dataclass(frozen=True)
class HeadConfig:
    towers: int = 8
    train: bool = True
    profile: tuple = ((0.4, 1.2, 0.7, 2.0), (0.5, 1.0, 0.9, 1.6), (0.3, 1.4, 0.6, 2.2))


class CableLoadNet(nn.Module):
    @nn.compact
    def __call__(self, profile, train: bool = False):
        h = nn.Dense(8)(profile)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0].sum()


@register_head("cable_load")
def make_cable_load_step(model, variables, cfg: HeadConfig):
    apply = functools.partial(model.apply, variables, train=cfg.train)
    profile = jnp.asarray(cfg.profile)

    def tower(i, total):
        return total + apply(profile * (1.0 + 0.05 * i))

    return tower


def run_head(name, model, variables, cfg):
    step = HEADS[name](model, variables, cfg)
    return jax.lax.fori_loop(0, cfg.towers, step, jnp.zeros(()))


def main():
    cfg = HeadConfig()
    model = CableLoadNet()
    variables = model.init(jax.random.key(0), jnp.asarray(cfg.profile))
    run_head("cable_load", model, variables, cfg)
    return None
