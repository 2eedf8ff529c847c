# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 BatchNorm submodule bound to local `field` before the loop; batch_stats updated in the raw fori_loop under mutable=, returned stats reused
"""Neural ODE (fixed-step RK2) whose vector field normalises its hidden state."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class ODEConfig:
    dim: int = 6
    n_steps: int = 5
    t1: float = 1.0


class VectorField(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, y, train: bool):
        h = nn.Dense(self.dim)(y)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.tanh(h)


class ODEBlock(nn.Module):
    cfg: ODEConfig

    @nn.compact
    def __call__(self, y0, train: bool = True):
        field = VectorField(self.cfg.dim)
        dt = self.cfg.t1 / self.cfg.n_steps
        _ = field(y0, train)  # build parameters and stats once

        def rk2(i, y):
            k1 = field(y, train)
            k2 = field(y + dt * k1, train)
            return y + 0.5 * dt * (k1 + k2)

        return fori_loop(0, self.cfg.n_steps, rk2, y0)


def train_step(model, variables, batch):
    out, updates = model.apply(variables, batch, train=True, mutable=["batch_stats"])
    return jnp.mean(out ** 2), updates


def main():
    cfg = ODEConfig()
    model = ODEBlock(cfg)
    batch = jax.random.normal(jax.random.key(0), (16, cfg.dim))
    variables = model.init(jax.random.key(1), batch, train=False)
    loss, updates = train_step(model, variables, batch)
    new_vars = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    eval_out = model.apply(new_vars, batch, train=False)
    return None
