# label: ok
# flax-error: none
# class: 5 build_model looks the builder up in a registry from a frozen DosingConfig; make_controller_step is a factory whose step closes over the model, switched to model.eval() first, and runs as the while_loop body
"""Water-treatment coagulant dosing (NNX): a controller step from a factory, iterated until clear."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class DosingConfig:
    arch: str = "bn_mlp"
    basins: int = 4
    hidden: int = 16
    target_turbidity: float = 0.5
    max_iters: int = 20


BUILDERS = {}


def builder(name):
    def decorator(fn):
        BUILDERS[name] = fn
        return fn
    return decorator


class DosingNet(nnx.Module):
    def __init__(self, cfg: DosingConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(3, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, sensors):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.inp(sensors)))))[..., 0]


@builder("bn_mlp")
def build_bn_mlp(cfg, rngs):
    return DosingNet(cfg, rngs)


def build_model(cfg: DosingConfig, seed=0):
    return BUILDERS[cfg.arch](cfg, nnx.Rngs(seed))


def make_controller_step(cfg, model):
    def step(state):
        it, turbidity, ph = state
        sensors = jnp.stack([turbidity, ph, jnp.full_like(ph, it / cfg.max_iters)], axis=-1)
        dose = model(sensors)
        return it + 1, turbidity * jnp.exp(-0.3 * dose), ph - 0.01 * dose

    return step


def run_controller(cfg, model, turbidity, ph):
    step = make_controller_step(cfg, model)

    def keep_dosing(state):
        it, turbidity, _ = state
        return (it < cfg.max_iters) & (turbidity.max() > cfg.target_turbidity)

    return lax.while_loop(keep_dosing, step, (0, turbidity, ph))


def main():
    cfg = DosingConfig()
    model = build_model(cfg)
    model.eval()
    turbidity = jnp.array([4.0, 2.5, 6.0, 3.2])
    ph = jnp.array([7.1, 7.4, 6.9, 7.2])
    iters, turbidity, _ = run_controller(cfg, model, turbidity, ph)
    print(int(iters), turbidity)
    return None
