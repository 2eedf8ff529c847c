# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the init_app() singleton's trainer runs a while_loop over merged (model, optimizer) state; a SnapshotHook in its hook list keeps nnx.state(model) from inside the body and restore_best() nnx.updates the app model with it
"""Tire wear estimation service: calibrate a tread-depth model from fleet telemetry at startup."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclass(frozen=True)
class WearConfig:
    telemetry: int = 5  # load, speed, pressure, temperature, braking
    max_steps: int = 25
    target_loss: float = 1e-3


class TreadModel(nnx.Module):
    def __init__(self, cfg: WearConfig, *, rngs: nnx.Rngs):
        self.wear = nnx.Linear(cfg.telemetry, 1, rngs=rngs)

    def __call__(self, telemetry):
        return nnx.softplus(self.wear(telemetry))[..., 0]


class SnapshotHook:
    def __init__(self):
        self.best = None

    def on_step(self, model, loss):
        self.best = nnx.state(model)


class Calibrator:
    def __init__(self, model: TreadModel, cfg: WearConfig, hooks=()):
        self.model, self.cfg, self.hooks = model, cfg, list(hooks)
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)

    def calibrate(self, telemetry, depth_loss):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def loss_fn(model):
            return jnp.mean((model(telemetry) - depth_loss) ** 2)

        def keep_going(carry):
            step, loss, _ = carry
            return (step < self.cfg.max_steps) & (loss > self.cfg.target_loss)

        def step_fn(carry):
            step, _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook.on_step(model, loss)
            return step + 1, loss, nnx.state((model, optimizer))

        _, loss, state = jax.lax.while_loop(keep_going, step_fn, (0, jnp.float32(jnp.inf), state))
        nnx.update((self.model, self.optimizer), state)
        return loss


@dataclass
class App:
    model: TreadModel
    calibrator: Calibrator
    snapshots: SnapshotHook

    def restore_best(self):
        nnx.update(self.model, self.snapshots.best)


APP: App | None = None


def init_app(cfg: WearConfig, telemetry, depth_loss) -> App:
    global APP
    model = TreadModel(cfg, rngs=nnx.Rngs(0))
    snapshots = SnapshotHook()
    APP = App(model, Calibrator(model, cfg, hooks=[snapshots]), snapshots)
    APP.calibrator.calibrate(telemetry, depth_loss)
    APP.restore_best()
    return APP


def main():
    cfg = WearConfig()
    k1, k2 = jax.random.split(jax.random.key(5))
    telemetry = jax.random.normal(k1, (32, cfg.telemetry))
    depth_loss = jax.nn.softplus(telemetry @ jnp.linspace(0.1, 0.5, cfg.telemetry))
    init_app(cfg, telemetry, depth_loss)
    print("predicted wear", APP.model(telemetry[:4]))
    return None
