# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the trainer carries the split student params through fori_loop, but a helper called in the body nnx.updates the teacher module with the EMA of the params
"""Day-ahead electricity load forecasting with a mean-teacher (EMA) forecaster.

The student is trained on hourly load windows with plain SGD on its split parameters; the
teacher tracks an exponential moving average of the student and is used for serving.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class LoadConfig:
    window: int = 12
    horizon: int = 4
    hidden: int = 16
    lr: float = 0.05
    ema: float = 0.9
    steps: int = 4


class Forecaster(nnx.Module):
    def __init__(self, cfg: LoadConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.window + 2, cfg.hidden, rngs=rngs)
        self.dec = nnx.Linear(cfg.hidden, cfg.horizon, rngs=rngs)

    def __call__(self, history, calendar):
        return self.dec(nnx.gelu(self.enc(jnp.concatenate([history, calendar], axis=-1))))


def mse(graphdef, params, batch):
    history, calendar, target = batch
    return jnp.mean((nnx.merge(graphdef, params)(history, calendar) - target) ** 2)


class MeanTeacherTrainer:
    def __init__(self, cfg: LoadConfig):
        self.cfg = cfg
        self.student = Forecaster(cfg, nnx.Rngs(0))
        self.teacher = Forecaster(cfg, nnx.Rngs(0))

    def _refresh_teacher(self, params):
        old = nnx.state(self.teacher, nnx.Param)
        ema = jax.tree.map(lambda t, s: self.cfg.ema * t + (1 - self.cfg.ema) * s, old, params)
        nnx.update(self.teacher, ema)

    def fit(self, batch):
        graphdef, params = nnx.split(self.student)

        def body(i, carry):
            params, _ = carry
            loss, grads = jax.value_and_grad(mse, argnums=1)(graphdef, params, batch)
            params = jax.tree.map(lambda p, g: p - self.cfg.lr * g, params, grads)
            self._refresh_teacher(params)
            return params, loss

        params, loss = jax.lax.fori_loop(0, self.cfg.steps, body, (params, jnp.zeros(())))
        nnx.update(self.student, params)
        return loss


def main():
    cfg = LoadConfig()
    hours = jnp.arange(6 * (cfg.window + cfg.horizon), dtype=jnp.float32).reshape(6, -1)
    load = 1.0 + 0.3 * jnp.sin(2 * jnp.pi * hours / 24)
    calendar = jnp.stack([jnp.sin(hours[:, 0] / 24), jnp.cos(hours[:, 0] / 24)], axis=-1)
    batch = (load[:, :cfg.window], calendar, load[:, cfg.window:])
    trainer = MeanTeacherTrainer(cfg)
    loss = trainer.fit(batch)
    print("final student loss", float(loss))
    return None
